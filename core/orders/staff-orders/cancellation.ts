import { TicketsNotCancellable } from '../after-sale-errors.ts';

// What cancelling tickets does to an order, decided on plain data (the order's tickets as read
// under the order's lock, adapters/postgres/orders/staff-orders/cancel-tickets.ts). Pure.
//
// A cancelled ticket takes what it cost off the order's total (its price plus its fees). The
// cancellation that leaves no Active ticket also takes off the order's own charges (delivery and
// order-level fees): a fully cancelled order, like a cancelled event's, gives everything back
// but what is kept. A cancellation fee kept is added back, never more than what was taken off,
// so a cancellation never makes an order cost more than before.

export type TicketStatus = 'Active' | 'Cancelled' | 'Exchanged' | 'Refunded';

/** One of the order's tickets as the cancellation needs it. */
export interface TicketLine {
  readonly id: number;
  readonly status: TicketStatus;
  readonly price: number;
  readonly feeTotal: number;
}

export interface CancellationAsked {
  readonly orderId: number;
  /** null: every Active ticket of the order. */
  readonly ticketIds: readonly number[] | null;
  /** Kept, minor units. */
  readonly fee: number;
}

/** A signed change to the order's total (order_adjustments). */
export interface Adjustment {
  readonly kind: 'cancellation' | 'cancellation_fee';
  readonly amount: number;
}

export interface CancellationPlan {
  /** In id order; empty when nothing was left to cancel (then nothing is written). */
  readonly ticketIds: readonly number[];
  /** What the cancelled tickets cost: their prices and fees. */
  readonly cancelledValue: number;
  /** The order's own charges taken off with its last tickets (0 while any ticket stays Active). */
  readonly orderChargesReturned: number;
  readonly adjustments: readonly Adjustment[];
  /** No Active ticket remains: the order is Cancelled. */
  readonly orderCancelled: boolean;
}

/** What a ticket cost the buyer: what cancelling it takes off the total. */
export const ticketValue = (t: Pick<TicketLine, 'price' | 'feeTotal'>): number => t.price + t.feeTotal;

const refused = (
  asked: CancellationAsked,
  code: TicketsNotCancellable['code'],
  ticketIds: readonly number[] = [],
  extra: { fee?: number; cancelledValue?: number } = {},
) => new TicketsNotCancellable({ orderId: asked.orderId, code, ticketIds, ...extra });

/**
 * The cancellation of `asked` on an order whose tickets are `tickets` and whose own charges
 * (delivery and order-level fees) are `orderCharges`, or why it is refused.
 */
export const planCancellation = (
  tickets: readonly TicketLine[],
  asked: CancellationAsked,
  orderCharges = 0,
): CancellationPlan | TicketsNotCancellable => {
  if (!Number.isSafeInteger(asked.fee) || asked.fee < 0)
    return refused(asked, 'FeeInvalid', [], { fee: asked.fee });
  const byId = new Map(tickets.map((t) => [t.id, t]));
  let chosen: TicketLine[];
  if (asked.ticketIds === null) {
    chosen = tickets.filter((t) => t.status === 'Active');
  } else {
    const wanted = [...new Set(asked.ticketIds)];
    if (wanted.length === 0) return refused(asked, 'NoTickets');
    const foreign = wanted.filter((id) => !byId.has(id));
    if (foreign.length > 0)
      return refused(
        asked,
        'NotInOrder',
        foreign.sort((a, b) => a - b),
      );
    chosen = wanted.map((id) => byId.get(id)!);
    const inactive = chosen.filter((t) => t.status !== 'Active').map((t) => t.id);
    if (inactive.length > 0)
      return refused(
        asked,
        'NotActive',
        inactive.sort((a, b) => a - b),
      );
  }
  chosen.sort((a, b) => a.id - b.id);
  const cancelledValue = chosen.reduce((sum, t) => sum + ticketValue(t), 0);
  // Nothing left to cancel (an event cancellation run started again): nothing is kept either.
  if (chosen.length === 0)
    return {
      ticketIds: [],
      cancelledValue: 0,
      orderChargesReturned: 0,
      adjustments: [],
      orderCancelled: !tickets.some((t) => t.status === 'Active'),
    };
  const cancelled = new Set(chosen.map((t) => t.id));
  const orderCancelled = !tickets.some((t) => t.status === 'Active' && !cancelled.has(t.id));
  const orderChargesReturned = orderCancelled ? Math.max(0, orderCharges) : 0;
  const returned = cancelledValue + orderChargesReturned;
  if (asked.fee > returned)
    return refused(
      asked,
      'FeeTooHigh',
      chosen.map((t) => t.id),
      { fee: asked.fee, cancelledValue: returned },
    );
  return {
    ticketIds: chosen.map((t) => t.id),
    cancelledValue,
    orderChargesReturned,
    adjustments: [
      { kind: 'cancellation', amount: -returned },
      ...(asked.fee > 0 ? [{ kind: 'cancellation_fee' as const, amount: asked.fee }] : []),
    ],
    orderCancelled,
  };
};

export const isRefusal = (plan: CancellationPlan | TicketsNotCancellable): plan is TicketsNotCancellable =>
  plan instanceof TicketsNotCancellable;
