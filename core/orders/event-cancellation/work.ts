import { Cause, Effect, Exit } from 'effect';
import type { AfterSaleActor } from '../after-sale.ts';
import { cancelTickets } from '../staff-orders/cancel-tickets.ts';
import { refundOrder } from '../refunds/refund-order.ts';
import { EventCancellations, type CancellationRun, type ClaimedOrder, type OrderOutcome } from './ports.ts';
import { feeForOrder } from './rules.ts';

// The work of an event cancellation run (started by event-cancellation.ts): each order of the
// list is worked by one worker at a time, its tickets of the event cancelled (the fee kept once
// per run), then the credit owed refunded. Killed at any point and started again, the run
// resumes: an order whose tickets are already cancelled skips that step, and refundOrder
// completes a pending refund before it allocates what is still owed, so no order is refunded
// twice or forgotten.

const reasonOf = (run: CancellationRun) => `Event ${run.eventId} cancelled`;

/** Words for an error the order's step met, kept on its row and in the report. */
const errorText = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.findErrorOption(cause);
  if (failure._tag === 'Some') {
    const error = failure.value as { _tag?: string; message?: string } & Record<string, unknown>;
    const { _tag, message, ...data } = error;
    const details = Object.entries(data)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    return [_tag ?? 'Error', message, details].filter(Boolean).join(': ');
  }
  const squashed = Cause.squash(cause);
  return squashed instanceof Error ? squashed.message : String(squashed);
};

/** The work on one order: its tickets of the event cancelled, then (with refund) its credit given back. */
const workOrder = (run: CancellationRun, order: ClaimedOrder, actor: AfterSaleActor) =>
  Effect.gen(function* () {
    const reason = reasonOf(run);
    // Nothing Active left: an earlier start cancelled them and was stopped before the refund.
    if (order.activeTicketIds.length > 0)
      yield* cancelTickets({
        orderId: order.orderId,
        ticketIds: order.activeTicketIds,
        fee: feeForOrder(run.fee, order.activeValue),
        reason,
        actor,
        runId: run.id,
      });
    if (!run.refund) return { status: 'done' } satisfies OrderOutcome;
    const refunded = yield* refundOrder({
      orderId: order.orderId,
      amount: 'credit',
      reason,
      actor,
      runId: run.id,
    });
    // A refund the processor did not take yet stays pending (saved with its key): the order is
    // not done until it went through, and the next start asks again with the same key.
    const open = refunded.refunds.filter((r) => r.status !== 'succeeded');
    if (open.length > 0)
      return {
        status: 'failed',
        error: open
          .map((r) => `refund ${r.refundId} of payment ${r.paymentId} ${r.status} at the processor`)
          .join('; '),
      } satisfies OrderOutcome;
    return { status: 'done' } satisfies OrderOutcome;
  });

/**
 * Takes the next pending order and works it; answers its outcome, or null when nothing is left to
 * take. Any error (a refusal, the gateway down, a fault) fails this order alone, with the error
 * kept on its row: the next start retries it.
 */
export const workNextOrder = (run: CancellationRun, actor: AfterSaleActor) =>
  Effect.gen(function* () {
    const store = yield* EventCancellations;
    const order = yield* store.claim(run.id);
    if (!order) return null;
    const exit = yield* Effect.exit(workOrder(run, order, actor));
    const outcome: OrderOutcome = Exit.isSuccess(exit)
      ? exit.value
      : { status: 'failed', error: errorText(exit.cause) };
    yield* order.finish(outcome);
    return { orderId: order.orderId, outcome };
  });

/** The actor a run acts as: who started it (resumed by a worker or another terminal). */
export const actorOfRun = (run: CancellationRun): AfterSaleActor => ({
  staffUserId: run.staffUserId,
  name: run.startedBy,
  counter: null,
});

/**
 * Works the run's pending orders with `concurrency` workers until none is left, calling
 * `onOrder` after each; then marks the run finished when every order is done. Answers the counts.
 */
export const workRun = (
  run: CancellationRun,
  options: {
    readonly concurrency: number;
    readonly actor?: AfterSaleActor;
    readonly onOrder?: (orderId: number, outcome: OrderOutcome) => void;
  },
) =>
  Effect.gen(function* () {
    const actor = options.actor ?? actorOfRun(run);
    const worker = Effect.gen(function* () {
      for (;;) {
        const worked = yield* workNextOrder(run, actor);
        if (!worked) return;
        options.onOrder?.(worked.orderId, worked.outcome);
      }
    });
    const store = yield* EventCancellations;
    // Until the event has no order left off the list: a sale that read the event before it was
    // cancelled may commit after the list was made (checkout refuses a cancelled event after).
    do
      yield* Effect.all(
        Array.from({ length: Math.max(1, options.concurrency) }, () => worker),
        { concurrency: 'unbounded', discard: true },
      );
    while ((yield* store.addLateOrders(run.id)) > 0);
    yield* store.finishIfDone(run.id);
    return yield* store.counts(run.id);
  });
