import type { Knex } from 'knex';
import { readOrder } from '../postgres/orders/order-records.ts';
import { orderDocument } from '../../core/orders/order-views.ts';
import type { OrderDocument } from '../../core/orders/order-document.ts';
import type { PrintWhat } from '../../core/printing/ports.ts';
import type { ReceiptHeader, ReceiptPayment } from '../../core/printing/receipt-input.ts';
import type { ReceiptLayout } from '../../core/printing/receipt-layout.ts';
import {
  designRefundReceipt,
  designSaleReceipt,
  designSignaturePage,
} from '../../core/printing/receipt-design.ts';
import { designTicket } from '../../core/printing/ticket-design.ts';
import { TicketOffStockError } from '../../core/printing/ticket-layout.ts';
import { escposReceipt } from './escpos.ts';
import { fglTicket } from './fgl.ts';

// What a ticket or a receipt prints as: the order read from PostgreSQL, laid out by the designs
// of core/printing/ and encoded (FGL for ticket printers, ESC/POS for receipt printers). The print
// queue's worker prints these bytes (print-runner.ts); the print-data calls answer them for the
// counter's bridge (adapters/http/printing/plugin.ts). One place, so both print the same.

const paymentOf = (type: string): ReceiptPayment['method'] =>
  type === 'Cash' ? 'cash' : type === 'CreditCard' ? 'card' : type === 'GiftCard' ? 'gift-card' : 'other';

/** The order as the designs read it; null when it cannot be read. */
export const printableOrder = async (db: Knex, orderId: number): Promise<OrderDocument | null> => {
  const record = await readOrder(db, orderId);
  return record === null ? null : orderDocument(record, '');
};

/** Why a ticket is not printed: no longer Active, or it does not fit the printer's stock. */
export interface TicketProblem {
  readonly problem: string;
  readonly reason: 'not-active' | 'off-stock';
}

/**
 * One ticket's FGL text for a printer of `dpi`, or why it cannot be printed: a ticket no longer
 * Active never prints, nor one whose layout leaves the stock (TicketOffStockError: the printer
 * would clip it and still acknowledge it). `reprint` draws REPRINT on a ticket printed before.
 */
export const ticketFgl = async (
  db: Knex,
  doc: OrderDocument,
  ticketId: number,
  options: { readonly reprint: boolean; readonly dpi: 200 | 300 },
): Promise<string | TicketProblem> => {
  const row = await db('order_tickets')
    .where({ id: ticketId })
    .first('status', 'print_count', 'usher_message');
  const ticket = doc.tickets.find((t) => t.ticketId === ticketId);
  if (!row || row.status !== 'Active' || !ticket)
    return { problem: `Ticket ${ticketId} is no longer active; cancel the job.`, reason: 'not-active' };
  try {
    const layout = designTicket(
      { doc, ticket, reprint: options.reprint && row.print_count > 0, usherMessage: row.usher_message },
      options.dpi,
    );
    return fglTicket(layout);
  } catch (error) {
    if (error instanceof TicketOffStockError)
      return { problem: `Ticket ${ticketId}: ${error.message}`, reason: 'off-stock' };
    throw error;
  }
};

const headerOf = (doc: OrderDocument, cashier: string): ReceiptHeader => ({
  name: doc.events[0]?.venueName ?? 'Box office',
  timeZone: doc.events[0]?.venueTimeZone ?? 'UTC',
  cashier,
  printedAt: new Date(),
});

const receiptPaymentOf = (p: {
  payment_type: string;
  amount: number;
  amount_tendered: number | null;
  card_brand: string | null;
  card_last4: string | null;
}): ReceiptPayment => ({
  method: paymentOf(p.payment_type),
  // Cash: what was handed over; the receipt shows the change given back from it.
  amount: p.payment_type === 'Cash' ? (p.amount_tendered ?? p.amount) : p.amount,
  cardBrand: p.card_brand,
  last4: p.card_last4,
});

const PAYMENT_COLUMNS = ['payment_type', 'amount', 'amount_tendered', 'card_brand', 'card_last4'];

/**
 * A receipt's layout: the sale's, the refunds made from one payment (`paymentId` null: all the
 * order's), or a card payment's signature page (merchant copy). Null when the payment has
 * nothing to print (no such card payment).
 */
export const receiptLayout = async (
  db: Knex,
  doc: OrderDocument,
  request: {
    readonly orderId: number;
    readonly what: Exclude<PrintWhat, 'tickets'>;
    readonly paymentId: number | null;
    readonly cashier: string;
  },
): Promise<ReceiptLayout | null> => {
  const header = headerOf(doc, request.cashier);
  if (request.what === 'receipt') {
    const payments = await db('payments')
      .where({ order_id: request.orderId, status: 'succeeded' })
      .orderBy('id')
      .select(PAYMENT_COLUMNS);
    return designSaleReceipt({ doc, header, payments: payments.map(receiptPaymentOf) });
  }
  if (request.what === 'signature_page') {
    const payment = await db('payments')
      .where({ id: request.paymentId ?? 0, order_id: request.orderId })
      .first(PAYMENT_COLUMNS);
    return payment
      ? designSignaturePage({ doc, header, payment: receiptPaymentOf(payment), copy: 'merchant' })
      : null;
  }
  let query = db('refunds').where({ order_id: request.orderId }).whereNot({ status: 'failed' });
  if (request.paymentId !== null) query = query.where({ payment_id: request.paymentId });
  const refunds = await query.orderBy('id').select('refund_type', 'amount', 'reason');
  return designRefundReceipt({
    doc,
    header,
    ticketIds: [],
    refunds: refunds.map((r) => ({ method: paymentOf(r.refund_type), amount: r.amount })),
    reason: refunds[0]?.reason ?? null,
  });
};

/**
 * A receipt's ESC/POS bytes and whether cash was taken or given back (the drawer opens); null as
 * receiptLayout. A receipt printer the server drives gets the drawer kick in the receipt
 * (adapters/printing/escpos.ts); print data for the bridge leaves it out (`kickDrawer` false),
 * as its caller opens the drawer with the bridge's own call when told to.
 */
export const receiptBytes = async (
  db: Knex,
  doc: OrderDocument,
  request: Parameters<typeof receiptLayout>[2] & { readonly kickDrawer: boolean },
): Promise<{ readonly bytes: Uint8Array; readonly openDrawer: boolean } | null> => {
  const layout = await receiptLayout(db, doc, request);
  if (layout === null) return null;
  return {
    bytes: escposReceipt(layout, request.kickDrawer ? {} : { openDrawer: false }),
    openDrawer: layout.openDrawer,
  };
};
