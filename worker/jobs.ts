import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import type { AppRuntime } from '../adapters/wiring.ts';
import { BasketExpiryJob, queues } from '../adapters/queue/jobs.ts';
import { releaseExpiredBaskets } from '../core/basket/expire-basket.ts';
import { startOrderEmailWorker } from './order-email.ts';
import { startTicketsAvailableWorker } from './tickets-available.ts';
import { startEventCancellationWorker } from './event-cancellation.ts';
import { startRefundsWorker } from './refunds.ts';
import { startPrintQueueWorker } from './print-queue.ts';
import { startMembershipGiftWorker } from './membership-gifts.ts';
import { PrintQueue } from '../core/printing/ports.ts';
import { reconcilePayments as reconcile, type Reconciled } from '../core/orders/checkout/reconcile.ts';

// Job handlers and schedules. Handlers only tidy up and announce: the database statements
// themselves keep the inventory invariants (an expired hold is free whether or not a job ran).

export { queues };

export interface Workers {
  readonly boss: PgBoss;
  /** Stops taking jobs; the queue itself is closed by whoever opened it. */
  stop(): Promise<void>;
}

/**
 * The periodic sweep: baskets whose time ran out are expired and every hold past its time is
 * cleared, each release announced on the seat change feed. Answers how many seats and GA
 * sections were announced.
 */
export const releaseExpiredHolds = (runtime: AppRuntime): Promise<number> =>
  runtime.runPromise(releaseExpiredBaskets());

/** The job at one basket's expiry: the same, for that basket (nothing if it is not due). */
export const releaseBasketAtExpiry = (runtime: AppRuntime, basketId: string): Promise<number> =>
  runtime.runPromise(releaseExpiredBaskets(basketId));

/**
 * The periodic payment reconciliation: attempts left unsettled for a minute are finished the way
 * a retry would finish them (order, or refund), and order e-mails a crash left unqueued are queued.
 */
export const reconcilePayments = (runtime: AppRuntime, olderThanSeconds?: number): Promise<Reconciled> =>
  runtime.runPromise(reconcile(olderThanSeconds));

export const startWorkers = async (options: {
  readonly boss: PgBoss;
  readonly runtime: AppRuntime;
  readonly log: Logger;
  /** The address buyers use (PUBLIC_URL), for links in the e-mails the workers send. */
  readonly publicUrl: string;
  readonly pollingIntervalSeconds?: number;
}): Promise<Workers> => {
  const { boss, runtime, log, publicUrl, pollingIntervalSeconds } = options;
  await boss.work(queues.releaseExpiredHolds, async () => {
    const count = await releaseExpiredHolds(runtime);
    if (count > 0) log.info(`released ${count} seats and sections from expired baskets`);
  });
  await boss.work(queues.basketExpiry, { batchSize: 50, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      // A payload that is not ours is dropped, not retried: the sweep covers the basket anyway.
      const parsed = BasketExpiryJob.safeParse(job.data);
      if (!parsed.success) {
        log.warn(`dropped basket expiry job ${job.id}: ${parsed.error.issues[0]?.message}`);
        continue;
      }
      await releaseBasketAtExpiry(runtime, parsed.data.basketId);
    }
  });
  const stopOrderEmails = await startOrderEmailWorker({ boss, runtime, log });
  const stopTicketsAvailable = await startTicketsAvailableWorker({
    boss,
    runtime,
    log,
    publicUrl,
    ...(pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds }),
  });
  const stopEventCancellations = await startEventCancellationWorker({ boss, runtime, log });
  const stopRefunds = await startRefundsWorker({ boss, runtime, log });
  const stopMembershipGifts = await startMembershipGiftWorker({ boss, runtime, log });
  const stopPrinting = await startPrintQueueWorker({
    boss,
    log,
    drain: (printerId, signal) => runtime.runPromise(PrintQueue.use((q) => q.drain(printerId, signal))),
    printersWithWork: () => runtime.runPromise(PrintQueue.use((q) => q.printersWithWork())),
  });
  await boss.work(queues.reconcilePayments, async () => {
    const done = await reconcilePayments(runtime);
    if (done.examined + done.mailsQueued > 0)
      log.info(
        `payments reconciled: ${done.ordersMade} orders made, ${done.refunded} refunded, ${done.failed} failed, ${done.stillOpen} still open; ${done.mailsQueued} order e-mails queued`,
      );
  });
  await boss.schedule(queues.releaseExpiredHolds, '* * * * *');
  await boss.schedule(queues.reconcilePayments, '* * * * *');
  return {
    boss,
    stop: async () => {
      await boss.offWork(queues.releaseExpiredHolds);
      await boss.offWork(queues.basketExpiry);
      await stopOrderEmails();
      await stopTicketsAvailable();
      await boss.offWork(queues.reconcilePayments);
      await stopEventCancellations();
      await stopRefunds();
      await stopMembershipGifts();
      await stopPrinting();
    },
  };
};
