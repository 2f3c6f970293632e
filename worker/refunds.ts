import type { ManagedRuntime } from 'effect';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import { queues } from '../adapters/queue/jobs.ts';
import type { MailSender } from '../core/orders/ports.ts';
import { finishPendingRefunds, type PendingRefundsFinished } from '../core/orders/refunds/refund-order.ts';
import type { OrderRefunds } from '../core/orders/refunds/ports.ts';
import type { PaymentGateways } from '../core/payments/ports.ts';

// The periodic `refunds.finish-pending` job: refunds a processor did not answer (or a crash left
// between the save and the call) are asked again every minute with the key saved with them, so
// the processor answers its first refund if it made one (core/orders/refunds/refund-order.ts).

export type RefundServices = OrderRefunds | PaymentGateways | MailSender;

export const finishRefunds = (
  runtime: ManagedRuntime.ManagedRuntime<RefundServices, never>,
  olderThanSeconds?: number,
): Promise<PendingRefundsFinished> => runtime.runPromise(finishPendingRefunds(olderThanSeconds));

export const startRefundsWorker = async (options: {
  readonly boss: PgBoss;
  readonly runtime: ManagedRuntime.ManagedRuntime<RefundServices, never>;
  readonly log: Logger;
}): Promise<() => Promise<void>> => {
  const { boss, runtime, log } = options;
  await boss.work(queues.finishRefunds, async () => {
    const done = await finishRefunds(runtime);
    if (done.examined > 0)
      log.info(`pending refunds: ${done.succeeded} went through, ${done.stillPending} still pending`);
  });
  await boss.schedule(queues.finishRefunds, '* * * * *');
  return () => boss.offWork(queues.finishRefunds);
};
