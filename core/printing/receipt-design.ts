import { formatInTimeZone } from 'date-fns-tz';
import { cjkLanguageOf, personName, type CjkLanguage } from '../i18n/scripts.ts';
import type { OrderDocument, OrderDocumentTicket } from '../orders/order-document.ts';
import {
  amountOf,
  cjkLanguageOfOrder,
  performanceTime,
  seatLabel,
  ticketsByEvent,
} from '../orders/ticket-text.ts';
import type {
  ReceiptHeader,
  ReceiptPayment,
  RefundReceiptInput,
  SaleReceiptInput,
  SignaturePageInput,
} from './receipt-input.ts';
import { RECEIPT_COLUMNS, type ReceiptLayout, type ReceiptLine, type ReceiptSize } from './receipt-layout.ts';
import { centre, cut, receiptText, spread, wrap } from './printer-text.ts';

// Foyer's receipts: the sale receipt (order, items, payments, change due), the refund receipt
// and the card signature page. Amounts come from the order document in minor units; the lines
// show them in the venue's currency format. Names keep their own writing (김민준, 햄릿): a wide
// character takes two columns, and the encoder prints a line its code page lacks as a picture,
// its Han characters in the order's forms (`hanAs`).

const W = RECEIPT_COLUMNS;

const line = (text: string, size: ReceiptSize = 'normal', bold = false): ReceiptLine => ({
  text,
  size,
  bold,
});
const blank = line('');
const rule = line('-'.repeat(W));

/** The buyer's name as it is written (family name first in CJK: 김민준, core/i18n/scripts.ts). */
const buyer = (doc: OrderDocument): string =>
  receiptText(personName(doc.buyer.firstName, doc.buyer.lastName));

/** Whose forms the receipt's Han characters take: the order's, else its header's and place's. */
const hanAsOf = (doc: OrderDocument, h: ReceiptHeader): CjkLanguage =>
  cjkLanguageOfOrder(doc) ??
  cjkLanguageOf([h.name, ...(h.lines ?? []), h.cashier ?? ''], [h.timeZone]) ??
  'zh';

const header = (doc: OrderDocument, h: ReceiptHeader, title: string): ReceiptLine[] => [
  line(centre(receiptText(h.name), W / 2), 'double', true),
  ...(h.lines ?? []).map((l) => line(centre(receiptText(l), W))),
  blank,
  line(centre(title, W / 2), 'double', true),
  blank,
  line(
    spread(
      `Order ${receiptText(doc.orderName)}`,
      formatInTimeZone(h.printedAt, h.timeZone, 'yyyy-MM-dd HH:mm'),
      W,
    ),
  ),
  ...(h.cashier ? [line(cut(`Served by ${receiptText(h.cashier)}`, W))] : []),
  line(cut(`Customer ${buyer(doc) || receiptText(doc.buyer.email)}`, W)),
  rule,
];

const money = (doc: OrderDocument, minor: number) => amountOf(doc, minor);

/** The item lines of some tickets, grouped by event: what, when, then each seat with its amount. */
const items = (doc: OrderDocument, tickets: readonly OrderDocumentTicket[], sign: 1 | -1): ReceiptLine[] => {
  const chosen = new Set(tickets.map((t) => t.ticketId));
  const out: ReceiptLine[] = [];
  for (const group of ticketsByEvent(doc)) {
    const inGroup = group.tickets.filter((t) => chosen.has(t.ticketId));
    if (inGroup.length === 0) continue;
    out.push(line(cut(receiptText(group.event.name), W), 'normal', true));
    out.push(line(cut(receiptText(performanceTime(group.event, doc.currencyLocale)), W)));
    for (const t of inGroup)
      out.push(
        line(
          spread(
            `  ${receiptText(t.priceTypeName)} - ${receiptText(seatLabel(t))}`,
            money(doc, sign * t.amount),
            W,
          ),
        ),
      );
  }
  return out;
};

const paymentLabel = (p: ReceiptPayment): string => {
  switch (p.method) {
    case 'cash':
      return 'Cash';
    case 'card':
      return [p.cardBrand ?? 'Card', p.last4 ? `****${p.last4}` : null].filter(Boolean).join(' ');
    case 'gift-card':
      return p.last4 ? `Gift card ****${p.last4}` : 'Gift card';
    case 'other':
      return 'Other';
  }
};

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export const designSaleReceipt = (input: SaleReceiptInput): ReceiptLayout => {
  const { doc } = input;
  const itemAmounts = ticketsByEvent(doc).flatMap((g) => g.tickets.map((t) => t.amount));
  const adjustments = doc.total - sum(itemAmounts);
  const paid = sum(input.payments.map((p) => p.amount));
  const cash = input.payments.some((p) => p.method === 'cash');
  const change = cash ? Math.max(0, paid - doc.total) : 0;
  const due = Math.max(0, doc.total - paid);
  const lines = [
    ...header(doc, input.header, 'RECEIPT'),
    ...items(doc, doc.tickets, 1),
    rule,
    line(spread('Subtotal', money(doc, sum(itemAmounts)), W)),
    ...(adjustments !== 0 ? [line(spread('Fees', money(doc, adjustments), W))] : []),
    line(spread('TOTAL', money(doc, doc.total), W / 2), 'double', true),
    blank,
    ...input.payments.map((p) => line(spread(paymentLabel(p), money(doc, p.amount), W))),
    ...(change > 0 ? [line(spread('CHANGE DUE', money(doc, change), W / 2), 'double', true)] : []),
    ...(due > 0 ? [line(spread('AMOUNT DUE', money(doc, due), W / 2), 'double', true)] : []),
    rule,
    ...wrap('Keep this receipt. Tickets are not refundable except as the venue allows.', W, 2).map((l) =>
      line(l),
    ),
  ];
  return {
    kind: 'sale',
    lines,
    totals: { items: itemAmounts, adjustments, total: doc.total, paid, change, due },
    openDrawer: cash,
    qr: doc.orderName,
    hanAs: hanAsOf(doc, input.header),
  };
};

export const designRefundReceipt = (input: RefundReceiptInput): ReceiptLayout => {
  const { doc } = input;
  const wanted = new Set(input.ticketIds);
  const tickets =
    input.ticketIds.length === 0 ? doc.tickets : doc.tickets.filter((t) => wanted.has(t.ticketId));
  const chosen = new Set(tickets.map((t) => t.ticketId));
  const itemAmounts = ticketsByEvent(doc).flatMap((g) =>
    g.tickets.filter((t) => chosen.has(t.ticketId)).map((t) => t.amount),
  );
  const total = sum(itemAmounts);
  const paid = sum(input.refunds.map((p) => p.amount));
  const due = Math.max(0, total - paid);
  const lines = [
    ...header(doc, input.header, 'REFUND'),
    ...items(doc, tickets, -1),
    rule,
    line(spread('REFUND', money(doc, -total), W / 2), 'double', true),
    blank,
    ...input.refunds.map((p) => line(spread(`Refunded to ${paymentLabel(p)}`, money(doc, -p.amount), W))),
    ...(due > 0 ? [line(spread('Still to refund', money(doc, -due), W))] : []),
    ...(input.reason ? wrap(`Reason: ${receiptText(input.reason)}`, W, 2).map((l) => line(l)) : []),
    rule,
    ...wrap('The refunded tickets are cancelled and will not admit.', W, 2).map((l) => line(l)),
  ];
  return {
    kind: 'refund',
    lines,
    totals: { items: itemAmounts, adjustments: 0, total, paid, change: 0, due },
    openDrawer: input.refunds.some((p) => p.method === 'cash'),
    qr: doc.orderName,
    hanAs: hanAsOf(doc, input.header),
  };
};

export const designSignaturePage = (input: SignaturePageInput): ReceiptLayout => {
  const { doc, payment } = input;
  const lines = [
    ...header(doc, input.header, 'CARD SALE'),
    line(cut(paymentLabel(payment), W)),
    ...(payment.authCode ? [line(cut(`Authorisation ${receiptText(payment.authCode)}`, W))] : []),
    line(spread('AMOUNT', money(doc, payment.amount), W / 2), 'double', true),
    blank,
    ...wrap('I agree to pay the above total amount according to the card issuer agreement.', W, 3).map((l) =>
      line(l),
    ),
    blank,
    blank,
    line(`X${'_'.repeat(W - 2)}`),
    line(centre(cut(buyer(doc), W), W)),
    blank,
    line(centre(input.copy === 'merchant' ? 'MERCHANT COPY' : 'CUSTOMER COPY', W), 'normal', true),
  ];
  return {
    kind: 'signature',
    lines,
    totals: {
      items: [payment.amount],
      adjustments: 0,
      total: payment.amount,
      paid: payment.amount,
      change: 0,
      due: 0,
    },
    openDrawer: false,
    qr: null,
    hanAs: hanAsOf(doc, input.header),
  };
};
