import { Effect } from 'effect';
import { announce } from '../../basket/basket-answer.ts';
import type { AfterSaleActor } from '../after-sale.ts';
import { planCancellation } from './cancellation.ts';
import { TicketCancellations } from './ports.ts';

// Cancelling some or all of an order's tickets: they stop admitting anyone, what they cost comes
// off the order's total (less any fee kept), their seats and GA places go back on sale and the
// open seat maps hear of it. The money is not given back here: a negative balance due is credit
// owed, refunded by core/orders/refunds/refund-order.ts.

export interface CancelTickets {
  readonly orderId: number;
  /** null: every Active ticket. */
  readonly ticketIds: readonly number[] | null;
  /** Kept, minor units, >= 0 (0: none); at most what the cancelled tickets cost. */
  readonly fee: number;
  readonly reason: string | null;
  readonly actor: AfterSaleActor;
  /** An event cancellation run: its fee is kept once per order however often it runs. */
  readonly runId?: number | null;
}

export interface TicketsCancelled {
  readonly orderId: number;
  /** Empty when nothing was left to cancel. */
  readonly cancelledTicketIds: readonly number[];
  readonly orderStatus: 'Complete' | 'Cancelled';
  /** After; negative = credit owed. */
  readonly balanceDue: number;
}

export const cancelTickets = (cmd: CancelTickets) =>
  Effect.gen(function* () {
    const done = yield* (yield* TicketCancellations).cancel({
      orderId: cmd.orderId,
      reason: cmd.reason,
      actor: cmd.actor,
      runId: cmd.runId ?? null,
      decide: (tickets, orderCharges) =>
        planCancellation(
          tickets,
          { orderId: cmd.orderId, ticketIds: cmd.ticketIds, fee: cmd.fee },
          orderCharges,
        ),
    });
    // After the commit: a lost announcement never undoes the cancellation.
    yield* announce(done.changes);
    return {
      orderId: cmd.orderId,
      cancelledTicketIds: done.cancelledTicketIds,
      orderStatus: done.orderStatus,
      balanceDue: done.balanceDue,
    } satisfies TicketsCancelled as TicketsCancelled;
  });
