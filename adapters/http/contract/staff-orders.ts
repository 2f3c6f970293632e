import { z } from 'zod';
import { AuditRow } from './staff.ts';

// Shared with web/: no server imports here. Orders for staff after the sale (a staff session):
//   GET  /api/admin/orders/search?q=&eventId=&date=&page=   'sell' or 'viewReports'
//   GET  /api/admin/orders/{id}                               'sell' or 'viewReports'
//   POST /api/admin/orders/{id}/notes                         'sell'
//   POST /api/admin/orders/{id}/resend                        'sell'
//   POST /api/admin/orders/{id}/cancel                        'refund'
// Amounts are integer minor units; a negative BalanceDue is credit owed to the customer.
//
// Answers besides 200:
//   400 { Message, Fields: [names] }   bad input (a ticket of another order or not Active, a fee
//                                      above what the cancelled tickets cost): nothing changed
//   401 signed out; 403 { Message }    not staff, or a role without the permission
//   404 { Message }                    no such order
//   409 { Message }                    resend: the order has no e-mail address

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const OrderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The staff order search. `q`: an order number (F0000123 or 123), a ticket barcode, a name, an e-mail or a phone. */
export const OrderSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  eventId: z.coerce.number({ message: 'must be an event id' }).int().positive().optional(),
  /** The event's local date, YYYY-MM-DD. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD' })
    .optional(),
  /** 1-based. */
  page: z.coerce.number({ message: 'must be a page number' }).int().min(1).max(10_000).default(1),
});
export type OrderSearchQuery = z.input<typeof OrderSearchQuery>;

export const OrderSummary = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Status: z.string(),
  CreatedAt: z.string(),
  CustomerName: z.string().nullable(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  /** The total now (cancellations and fees counted). */
  Total: z.number().int(),
  BalanceDue: z.number().int(),
  Currency: z.string(),
  /** Active tickets. */
  TicketCount: z.number().int(),
  EventNames: z.array(z.string()),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderSearchAnswer = z.object({
  Orders: z.array(OrderSummary),
  /** Orders matching, over all pages. */
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type OrderSearchAnswer = z.infer<typeof OrderSearchAnswer>;

export const TicketStatus = z.enum(['Active', 'Cancelled', 'Exchanged', 'Refunded']);

export const StaffOrderTicket = z.object({
  Id: z.number().int(),
  EventId: z.number().int(),
  EventName: z.string(),
  /** The event's local start, ISO without offset (the venue's clock). */
  EventDate: z.string(),
  IsGa: z.boolean(),
  Section: z.string().nullable(),
  Row: z.string().nullable(),
  Seat: z.string().nullable(),
  PriceTypeName: z.string(),
  PriceLevelName: z.string(),
  Price: z.number().int(),
  FeeTotal: z.number().int(),
  Status: TicketStatus,
  Barcode: z.string(),
  Printed: z.boolean(),
  PrintedAt: z.string().nullable(),
  CancelledAt: z.string().nullable(),
});
export type StaffOrderTicket = z.infer<typeof StaffOrderTicket>;

export const StaffOrderProduct = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  Name: z.string(),
  Quantity: z.number().int(),
  UnitPrice: z.number().int(),
});

export const StaffOrderPayment = z.object({
  Id: z.number().int(),
  /** checkout (turned the basket into the order) or balance (paid later). */
  Kind: z.string(),
  PaymentType: z.string(),
  PaymentMethodName: z.string().nullable(),
  Gateway: z.string(),
  Status: z.string(),
  Amount: z.number().int(),
  /** Given back already (pending or succeeded refunds). */
  Refunded: z.number().int(),
  /** What may still be given back from this payment: Amount - Refunded. */
  Refundable: z.number().int(),
  CardBrand: z.string().nullable(),
  CardLast4: z.string().nullable(),
  SellerName: z.string().nullable(),
  Counter: z.string().nullable(),
  At: z.string(),
});
export type StaffOrderPayment = z.infer<typeof StaffOrderPayment>;

export const StaffOrderRefund = z.object({
  Id: z.number().int(),
  PaymentId: z.number().int(),
  Amount: z.number().int(),
  RefundType: z.string(),
  Status: z.enum(['pending', 'succeeded', 'failed']),
  Reason: z.string().nullable(),
  FailureMessage: z.string().nullable(),
  StaffName: z.string().nullable(),
  Counter: z.string().nullable(),
  At: z.string(),
});

export const StaffOrderAdjustment = z.object({
  Id: z.number().int(),
  /** cancellation (negative), cancellation_fee (positive), exchange. */
  Kind: z.string(),
  Amount: z.number().int(),
  TicketIds: z.array(z.number().int()),
  Reason: z.string().nullable(),
  StaffName: z.string().nullable(),
  At: z.string(),
});

export const OrderNote = z.object({
  Id: z.number().int(),
  Author: z.string(),
  Text: z.string(),
  At: z.string(),
});
export type OrderNote = z.infer<typeof OrderNote>;

export const StaffOrderBalance = z.object({
  /** The total now: as sold plus the adjustments. */
  Total: z.number().int(),
  Paid: z.number().int(),
  Refunded: z.number().int(),
  /** Negative: credit owed to the customer. */
  BalanceDue: z.number().int(),
  OriginalTotal: z.number().int(),
});

export const StaffOrderDetail = z.object({
  Order: z.object({
    Id: z.number().int(),
    Name: z.string(),
    Status: z.string(),
    CreatedAt: z.string(),
    Currency: z.string(),
    CurrencyLocale: z.string(),
    CustomerId: z.number().int().nullable(),
    FirstName: z.string().nullable(),
    LastName: z.string().nullable(),
    Email: z.string().nullable(),
    Phone: z.string().nullable(),
    Organization: z.string().nullable(),
    IsInvoice: z.boolean(),
    PromoCode: z.string().nullable(),
    /** Delivery and order-level fees as sold: what cancelling the last tickets also gives back. */
    OrderCharges: z.number().int(),
    /** The venue's time zone (IANA) of the order's first ticket; null without tickets. */
    TimeZone: z.string().nullable(),
    /** The buyer's note at checkout (staff notes are in Notes). */
    Note: z.string().nullable(),
  }),
  Tickets: z.array(StaffOrderTicket),
  Products: z.array(StaffOrderProduct),
  Payments: z.array(StaffOrderPayment),
  Refunds: z.array(StaffOrderRefund),
  Adjustments: z.array(StaffOrderAdjustment),
  Balance: StaffOrderBalance,
  Delivery: z.object({
    MethodName: z.string().nullable(),
    MethodType: z.string().nullable(),
    AwaitingPrint: z.boolean(),
  }),
  Notes: z.array(OrderNote),
  /** Who did what to the order through /api/admin, oldest first. */
  Audit: z.array(AuditRow),
});
export type StaffOrderDetail = z.infer<typeof StaffOrderDetail>;

export const AddNoteRequest = z.object({ Text: z.string().trim().min(1).max(2000) }).strip();
export type AddNoteRequest = z.input<typeof AddNoteRequest>;

export const ResendAnswer = z.object({ Sent: z.literal(true), Email: z.string() });
export type ResendAnswer = z.infer<typeof ResendAnswer>;

export const CancelTicketsRequest = z
  .object({
    /** null: every Active ticket of the order. */
    TicketIds: z.array(z.number().int().positive()).min(1).max(1000).nullable(),
    /** The cancellation fee kept, minor units; at most what the cancelled tickets cost. */
    Fee: z.number().int().min(0).max(100_000_000).default(0),
    Reason: optionalText(500),
    /** true: give the credit owed back at once (refundOrder, the rules' allocation). */
    Refund: z.boolean().default(false),
    /** The counter from the POS settings. */
    Counter: optionalText(80),
  })
  .strip();
export type CancelTicketsRequest = z.input<typeof CancelTicketsRequest>;

export const CancelRefund = z.object({
  RefundId: z.number().int(),
  PaymentId: z.number().int(),
  Amount: z.number().int(),
  RefundType: z.string(),
  Status: z.enum(['pending', 'succeeded', 'failed']),
});

export const CancelTicketsAnswer = z.object({
  CancelledTicketIds: z.array(z.number().int()),
  OrderStatus: z.enum(['Complete', 'Cancelled']),
  /** After the cancellation and any refund; negative: credit still owed. */
  BalanceDue: z.number().int(),
  Refunds: z.array(CancelRefund),
  /** Refund asked but not made (the credit stays owed): why, in words for the clerk; else null. */
  RefundError: z.string().nullable(),
});
export type CancelTicketsAnswer = z.infer<typeof CancelTicketsAnswer>;
