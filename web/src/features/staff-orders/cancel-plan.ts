import { isRefusal, planCancellation } from '../../../../core/orders/staff-orders/cancellation.ts';
import type { StaffOrderDetail } from './staff-orders-api.ts';

// What a cancellation will do, said before the clerk confirms it: which tickets, what they cost,
// the fee kept, and the credit the order then owes (what "refund now" gives back). The server's
// own rule decides the amounts (core/orders/staff-orders/cancellation.ts): cancelling the last Active tickets
// also gives back the order's own charges. Pure.

type Ticket = StaffOrderDetail['Tickets'][number];

export interface CancelPlan {
  readonly ticketIds: readonly number[];
  /** Seated tickets: their seats go back on sale. */
  readonly seats: number;
  /** What the cancellation takes off the total: the tickets with their fees (and, with the last
   * ones, the order's own charges). */
  readonly value: number;
  readonly fee: number;
  /** The credit owed after (0 when the order still owes nothing back). */
  readonly creditAfter: number;
  readonly problem: 'noTickets' | 'feeTooHigh' | null;
}

/** The plan for cancelling `chosen` tickets (only Active ones count) keeping `fee`. */
export const cancelPlan = (
  tickets: readonly Ticket[],
  chosen: ReadonlySet<number>,
  fee: number,
  balanceDue: number,
  orderCharges = 0,
): CancelPlan => {
  const cancelled = tickets.filter((t) => t.Status === 'Active' && chosen.has(t.Id));
  const plan =
    cancelled.length === 0
      ? null
      : planCancellation(
          tickets.map((t) => ({ id: t.Id, status: t.Status, price: t.Price, feeTotal: t.FeeTotal })),
          { orderId: 0, ticketIds: cancelled.map((t) => t.Id), fee: 0 },
          orderCharges,
        );
  const value = plan && !isRefusal(plan) ? plan.cancelledValue + plan.orderChargesReturned : 0;
  const problem = cancelled.length === 0 ? 'noTickets' : fee > value ? 'feeTooHigh' : null;
  return {
    ticketIds: cancelled.map((t) => t.Id),
    seats: cancelled.filter((t) => !t.IsGa).length,
    value,
    fee,
    creditAfter: Math.max(0, -(balanceDue - value + fee)),
    problem,
  };
};
