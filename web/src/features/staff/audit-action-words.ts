import type { AdminKey } from '../../../../core/i18n/strings/admin/en.ts';

// An audit row's action in words for the audit log. The log stores what was done as the server
// saw it: an API change as `METHOD /route/{pattern}` (adapters/http/accounts/session.ts, the card
// terminal's `START ...`), a change made in core or on the command line by name ('orders.cancel',
// 'basket.save', 'venues.import', ...). Every state-changing call in docs/api.md has words here
// (audit-action-words.test.ts checks); an action the table does not know reads "Other change (...)".

export type AuditActionKey = Extract<AdminKey, `audit.do.${string}`>;

/** Exact actions, compared in lower case (routes match case-insensitively). */
const EXACT: Readonly<Record<string, AuditActionKey>> = {
  // An order's own calls.
  'post /api/admin/orders/{id}/cancel': 'audit.do.ticketsCancelled',
  'orders.cancel': 'audit.do.ticketsCancelled',
  'put /api/admin/payments/refund': 'audit.do.refund',
  'orders.refund': 'audit.do.refund',
  'post /api/admin/orders/{id}/exchange': 'audit.do.exchangeStarted',
  'post /api/admin/exchanges/{exchangeid}/complete': 'audit.do.exchangeCompleted',
  'orders.exchange': 'audit.do.exchangeCompleted',
  'delete /api/admin/exchanges/{exchangeid}': 'audit.do.exchangeAbandoned',
  'post /api/admin/orders/{id}/notes': 'audit.do.noteAdded',
  'post /api/admin/orders/{id}/resend': 'audit.do.ticketsResent',
  // Placing the order and paying for it.
  'post /api/checkout': 'audit.do.orderPlaced',
  'post /api/checkout/pos': 'audit.do.orderPlaced',
  'put /api/admin/baskets/invoice': 'audit.do.orderPlaced',
  'post /api/admin/payments': 'audit.do.paymentTaken',
  'post /api/admin/payments/giftcertificate': 'audit.do.paymentTaken',
  'post /api/payments': 'audit.do.paymentTaken',
  'post /api/checkout/precheck': 'audit.do.paymentStep',
  'post /api/checkout/recaptcha': 'audit.do.paymentStep',
  'post /api/offline/tokens': 'audit.do.paymentStep',
  'post /api/afterpay/createpaymentintent': 'audit.do.paymentStep',
  'post /api/applepay/validatemerchantsession': 'audit.do.paymentStep',
  'post /api/worldpay/setup': 'audit.do.paymentStep',
  'start /api/admin/stripeterminal/intent': 'audit.do.paymentStep',
  'post /api/admin/stripeterminal/cancelintent': 'audit.do.paymentStep',
  'post /api/admin/stripeterminal/simulate': 'audit.do.paymentStep',
  'post /api/admin/paymentrequests': 'audit.do.paymentRequestMade',
  'post /api/admin/paymentrequests/{id}/cancel': 'audit.do.paymentRequestCancelled',
  // The clerk's basket.
  'put /api/admin/baskets/save': 'audit.do.basketSaved',
  'basket.save': 'audit.do.basketSaved',
  'put /api/admin/baskets/{id}/activate': 'audit.do.basketResumed',
  'basket.activate': 'audit.do.basketResumed',
  'delete /api/admin/baskets/{id}/expire': 'audit.do.basketEnded',
  'post /api/baskets/expire': 'audit.do.basketEnded',
  'basket.expire': 'audit.do.basketEnded',
  'put /api/admin/baskets/updatecustomer/{id}': 'audit.do.basketCustomer',
  'put /api/admin/baskets/customer/remove': 'audit.do.basketCustomer',
  'basket.customer.assign': 'audit.do.basketCustomer',
  'basket.customer.remove': 'audit.do.basketCustomer',
  'post /api/admin/customers': 'audit.do.customerAdded',
  'customer.add': 'audit.do.customerAdded',
  'put /api/admin/baskets/overrideprice': 'audit.do.priceChanged',
  'basket.overrideprice': 'audit.do.priceChanged',
  'put /api/admin/baskets/removefees': 'audit.do.feesRemoved',
  'basket.removefees': 'audit.do.feesRemoved',
  'put /api/admin/baskets/saleschannel': 'audit.do.salesChannelChanged',
  'basket.saleschannel': 'audit.do.salesChannelChanged',
  'put /api/admin/promotions/applycode': 'audit.do.basketChanged',
  'post /api/baskets/eventplans/additems': 'audit.do.basketChanged',
  'post /api/eventinventory/eventplans/reservebestavailable': 'audit.do.basketChanged',
  'post /api/admin/baskets/list': 'audit.do.search',
  // Tickets, printing and the doors.
  'post /api/admin/tickets/print': 'audit.do.ticketsPrinted',
  'post /api/admin/tickets/printbatch': 'audit.do.ticketsPrinted',
  'post /api/admin/tickets/printbybarcode': 'audit.do.ticketsPrinted',
  'post /api/admin/orders/bulkprint': 'audit.do.ticketsPrinted',
  'tickets.reprint': 'audit.do.ticketsReprinted',
  'post /api/admin/tickets/printreceipts': 'audit.do.receiptPrinted',
  'post /api/admin/tickets/refundreceipt': 'audit.do.receiptPrinted',
  'put /api/admin/printjobs/{id}/cancel': 'audit.do.printJobChanged',
  'put /api/admin/printjobs/{id}/pause': 'audit.do.printJobChanged',
  'put /api/admin/printjobs/{id}/resume': 'audit.do.printJobChanged',
  'put /api/admin/tickets/{id}/markprinted': 'audit.do.markedPrinted',
  'put /api/admin/tickets/{id}/changeushermessage': 'audit.do.usherMessageChanged',
  'post /api/admin/checkin/scan': 'audit.do.ticketScanned',
  'post /api/admin/events/{id}/cancel': 'audit.do.eventCancelled',
  'event.cancel': 'audit.do.eventCancelled',
  'post /api/houseseatsrequest': 'audit.do.houseSeats',
  'post /api/houseseatsrequest/{id}/cancel': 'audit.do.houseSeats',
  // The box office's set-up.
  'post /api/admin/staff': 'audit.do.settingsChanged',
  'put /api/admin/staff/{id}': 'audit.do.settingsChanged',
  'post /api/admin/comptypes/{id}': 'audit.do.settingsChanged',
  'put /api/admin/comptypes/{id}': 'audit.do.settingsChanged',
  'delete /api/admin/comptypes/{id}': 'audit.do.settingsChanged',
  'post /api/admin/printers': 'audit.do.settingsChanged',
  'post /api/admin/devices/pairingcode': 'audit.do.settingsChanged',
  'delete /api/admin/devices/{id}': 'audit.do.settingsChanged',
  'post /api/devices/pair': 'audit.do.settingsChanged',
  'venues.import': 'audit.do.seasonSetup',
  // Previews answer what a change would be and store nothing.
  'post /api/admin/venues/configurations/preview': 'audit.do.preview',
  'post /api/admin/eventtemplates/{id}/emailpreview': 'audit.do.preview',
  'post /api/admin/performances/templates/{templateid}/preview': 'audit.do.preview',
  // The counter's basket takes the counter's delivery.
  'put /api/admin/baskets/counterdelivery': 'audit.do.basketChanged',
  'settings.housecurrency': 'audit.do.settingsChanged',
  // The storefront's calls, made while signed in as staff.
  'post /api/ticketnotificationrequests': 'audit.do.storefront',
  'post /api/waitingroom/{eventid}/join': 'audit.do.storefront',
  'delete /api/customers/customertags/{customertagid}': 'audit.do.accountChanged',
};

/** Whole families of actions, by how they start (after the exact ones). */
const PREFIXES: readonly (readonly [RegExp, AuditActionKey])[] = [
  [/^(post|put|patch|delete) \/api\/(v2\/)?baskets\//, 'audit.do.basketChanged'],
  [/^(post|put|patch|delete) \/api\/account\//, 'audit.do.accountChanged'],
  [/^(staff|device)\./, 'audit.do.settingsChanged'],
  // Setting up the season: venues and seat maps, series, performances and prices, the season file.
  [
    /^(post|put|patch|delete) \/api\/admin\/(venues|eventtemplates|performances)(\/|$)/,
    'audit.do.seasonSetup',
  ],
  [/^(venues|eventtemplates|performances|season)\./, 'audit.do.seasonSetup'],
  // Seats held on a performance, and the hold classes and subclasses.
  [
    /^(post|put|patch|delete) \/api\/admin\/(holdclasses|holdsubclasses|event\/\{id\}\/holds)(\/|$)/,
    'audit.do.holdsChanged',
  ],
  [/^holds\./, 'audit.do.holdsChanged'],
];

const normal = (action: string) => action.trim().replace(/\/+$/, '').replace(/\s+/, ' ').toLowerCase();

/** The admin string key saying what an audited action did; null when the table has no words for it. */
export const auditActionKey = (action: string): AuditActionKey | null => {
  const wanted = normal(action);
  return EXACT[wanted] ?? PREFIXES.find(([pattern]) => pattern.test(wanted))?.[1] ?? null;
};

/** The action in words: `t(key)`, or "Other change (POST /api/...)" as stored when unknown. */
export const auditActionWords = (
  t: (key: AuditActionKey, options: { readonly action: string }) => string,
  action: string,
): string => t(auditActionKey(action) ?? 'audit.do.other', { action });
