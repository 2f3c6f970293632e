import type { Basket } from '../../basket/basket.ts';
import { ticketLineTotal } from '../../basket/totals.ts';
import { allocateRefund, refundableOf } from '../../payments/refund-allocation.ts';

// The arithmetic of an exchange: what the tickets given up are worth (their price and fees as
// sold), what the basket's new items cost, and what is left to settle on the order. Order-level
// fees and delivery are not charged again: the order already carries them.

/** A ticket of the order, as the exchange judges it. */
export interface OrderTicketLine {
  readonly id: number;
  readonly status: 'Active' | 'Cancelled' | 'Exchanged' | 'Refunded';
  readonly price: number;
  readonly feeTotal: number;
}

export type TicketChoice =
  | { readonly ok: true; readonly tickets: readonly OrderTicketLine[] }
  | {
      readonly ok: false;
      readonly reason: 'NoActiveTickets' | 'NotActive' | 'NotInOrder';
      readonly ticketIds: readonly number[];
    };

/** The tickets given up: every Active ticket (null or empty), or the ones named, each Active. */
export const chooseTickets = (
  tickets: readonly OrderTicketLine[],
  wanted: readonly number[] | null | undefined,
): TicketChoice => {
  if (!wanted || wanted.length === 0) {
    const active = tickets.filter((t) => t.status === 'Active');
    return active.length > 0
      ? { ok: true, tickets: active }
      : { ok: false, reason: 'NoActiveTickets', ticketIds: [] };
  }
  const ids = [...new Set(wanted)];
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) return { ok: false, reason: 'NotInOrder', ticketIds: unknown };
  const inactive = ids.filter((id) => byId.get(id)!.status !== 'Active');
  if (inactive.length > 0) return { ok: false, reason: 'NotActive', ticketIds: inactive };
  return { ok: true, tickets: ids.map((id) => byId.get(id)!) };
};

/** What the tickets given up are worth: their price and fees as the order sold them. */
export const creditOf = (tickets: readonly Pick<OrderTicketLine, 'price' | 'feeTotal'>[]): number =>
  tickets.reduce((sum, t) => sum + t.price + t.feeTotal, 0);

/** What the basket's new items cost: tickets with their fees, and products. */
export const newItemsTotal = (basket: Pick<Basket, 'tickets' | 'products'>): number =>
  basket.tickets.reduce((sum, t) => sum + ticketLineTotal(t), 0) +
  basket.products.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0);

/** The order_adjustments amount: positive, the customer pays more; negative, money goes back. */
export const exchangeDifference = (newTotal: number, credit: number): number => newTotal - credit;

/**
 * What is left to settle once the exchange completes: the difference plus whatever the order
 * owed (or was owed) before. Negative: money back to the customer.
 */
export const remainingBalance = (difference: number, balanceDueBefore: number): number =>
  difference + balanceDueBefore;

/** A payment of the order and what it can still give back (its amount less refunds taken). */
export interface RefundablePayment {
  readonly id: number;
  readonly amount: number;
  readonly refunded: number;
}

export const stillRefundable = (p: RefundablePayment): number => Math.max(0, p.amount - p.refunded);

/**
 * The default refund lines for money owed back: the refund rules' automatic selection
 * (core/payments/refund-allocation.ts: oldest payment first), of the whole amount or of what
 * the payments can still give back when that is less. The clerk may change the lines.
 */
export const suggestRefund = (
  owed: number,
  payments: readonly RefundablePayment[],
): readonly { readonly paymentId: number; readonly amount: number }[] => {
  const sources = [...payments]
    .sort((a, b) => a.id - b.id)
    .map((p) => ({ paymentId: p.id, amount: p.amount, refunded: p.refunded }));
  const available = sources.reduce((sum, p) => sum + refundableOf(p), 0);
  const allocation = allocateRefund(sources, Math.min(Math.max(0, owed), available));
  return allocation.ok ? allocation.lines : [];
};
