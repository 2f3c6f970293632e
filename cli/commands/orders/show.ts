import { formatTable } from '../../ui/table.ts';
import { orderDetail } from '../../../core/orders/staff-orders/staff-orders.ts';
import { refundable, type StaffOrderDetail } from '../../../core/orders/staff-orders/views.ts';
import { instantWords, localTimeWords } from '../../../core/i18n/time-zone-words.ts';
import type { AppRuntime } from '../../../adapters/wiring.ts';
import { detailAnswer } from '../../../adapters/http/staff-orders/views.ts';
import {
  houseTimeZone,
  moneyOf,
  notFound,
  printJson,
  printLines,
  runUseCase,
  withAppRuntime,
} from './run.ts';

// What `foyer orders show` does: one order's whole story as the order page shows it
// (core/orders/staff-orders/staff-orders.ts), as text or as the admin API's JSON. Amounts as the
// order's currency locale writes them; times on the venue's clock with the zone in words (a
// ticket's on its event's venue's, the rest on the order's venue's, else the house's).

/** Checked by orders.ts. */
export interface ShowOrder {
  readonly orderId: number;
  readonly json: boolean;
}

/** The order as staff read it; exit 4 when there is none. */
export const loadOrder = (runtime: AppRuntime, orderId: number): Promise<StaffOrderDetail> =>
  runUseCase(runtime, orderDetail(orderId), () => notFound(orderId));

const seatOf = (t: StaffOrderDetail['tickets'][number]) =>
  t.isGa
    ? `${t.section ?? 'GA'} (general admission)`
    : [t.section, t.row && `row ${t.row}`, t.seat && `seat ${t.seat}`].filter(Boolean).join(', ');

/** The order in words and tables, amounts in the order's currency, times on `timeZone`'s clock. */
export const orderText = (o: StaffOrderDetail, timeZone: string): string[] => {
  const money = moneyOf(o.order.currencyLocale);
  const when = (at: string | Date) => instantWords(new Date(at), timeZone);
  const customer = [
    [o.order.firstName, o.order.lastName].filter(Boolean).join(' '),
    o.order.email && `<${o.order.email}>`,
    o.order.phone,
  ]
    .filter(Boolean)
    .join(' ');
  const out = [
    `Order ${o.order.name} (id ${o.order.id})  ${o.order.status}  created ${when(o.order.createdAt)}`,
    `Customer: ${customer || '-'}${o.order.organization ? `, ${o.order.organization}` : ''}`,
    `Amounts in ${o.order.currency}${o.order.isInvoice ? '; paid by invoice' : ''}${o.order.promoCode ? `; promo ${o.order.promoCode}` : ''}`,
  ];
  if (o.order.note) out.push(`Buyer's note: ${o.order.note}`);

  out.push('', 'Tickets');
  out.push(
    o.tickets.length === 0
      ? '(none)'
      : formatTable(
          ['ID', 'Event', 'Date', 'Seat', 'Price type', 'Price', 'Fees', 'Status', 'Barcode'],
          o.tickets.map((t) => [
            String(t.id),
            t.eventName,
            localTimeWords(t.eventDate, t.timeZone),
            seatOf(t),
            t.priceTypeName,
            money(t.price),
            money(t.feeTotal),
            t.status,
            t.barcode,
          ]),
        ),
  );
  if (o.products.length > 0)
    out.push(
      '',
      'Products',
      formatTable(
        ['Product', 'Quantity', 'Unit price'],
        o.products.map((p) => [p.name, String(p.quantity), money(p.unitPrice)]),
      ),
    );

  out.push('', 'Payments');
  out.push(
    o.payments.length === 0
      ? '(none)'
      : formatTable(
          [
            'ID',
            'Type',
            'Method',
            'Status',
            'Amount',
            'Refunded',
            'Refundable',
            'Card',
            'Seller',
            'Counter',
            'At',
          ],
          o.payments.map((p) => [
            String(p.id),
            p.paymentType,
            p.paymentMethodName ?? '',
            p.status,
            money(p.amount),
            money(p.refunded),
            money(refundable(p)),
            p.cardLast4 ? `${p.cardBrand ?? 'card'} ${p.cardLast4}` : '',
            p.sellerName ?? '',
            p.counter ?? '',
            when(p.at),
          ]),
        ),
  );
  if (o.refunds.length > 0)
    out.push(
      '',
      'Refunds',
      formatTable(
        ['ID', 'Payment', 'Amount', 'Way back', 'Status', 'Reason', 'By', 'At'],
        o.refunds.map((r) => [
          String(r.id),
          String(r.paymentId),
          money(r.amount),
          r.refundType,
          r.status === 'failed' && r.failureMessage ? `failed: ${r.failureMessage}` : r.status,
          r.reason ?? '',
          r.staffName ?? '',
          when(r.at),
        ]),
      ),
    );
  if (o.adjustments.length > 0)
    out.push(
      '',
      'Changes to the total',
      formatTable(
        ['ID', 'Kind', 'Amount', 'Tickets', 'Reason', 'By', 'At'],
        o.adjustments.map((a) => [
          String(a.id),
          a.kind,
          money(a.amount),
          a.ticketIds.join(','),
          a.reason ?? '',
          a.staffName ?? '',
          when(a.at),
        ]),
      ),
    );

  const b = o.balance;
  out.push(
    '',
    'Balance',
    formatTable(
      ['Total now', 'Total as sold', 'Paid', 'Refunded', b.balanceDue < 0 ? 'Credit owed' : 'Balance due'],
      [
        [
          money(b.total),
          money(b.originalTotal),
          money(b.paid),
          money(b.refunded),
          money(Math.abs(b.balanceDue)),
        ],
      ],
    ),
  );
  if (o.delivery.methodName)
    out.push('', `Delivery: ${o.delivery.methodName}${o.delivery.awaitingPrint ? ' (awaiting print)' : ''}`);
  if (o.notes.length > 0) {
    out.push('', 'Notes');
    for (const n of o.notes) out.push(`${when(n.at)} ${n.author}: ${n.text}`);
  }
  if (o.audit.length > 0) {
    out.push('', 'Audit');
    for (const a of o.audit) out.push(`${when(a.at)} ${a.actor}: ${a.action}`);
  }
  return out;
};

export const showOrder = (show: ShowOrder) =>
  withAppRuntime(async (runtime) => {
    const order = await loadOrder(runtime, show.orderId);
    if (show.json) printJson(detailAnswer(order));
    else printLines(orderText(order, order.order.timeZone ?? (await houseTimeZone(runtime))));
  });
