import { Cause, Exit, type ManagedRuntime } from 'effect';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import { OrderEmailJob, queues } from '../adapters/queue/jobs.ts';
import type { GiftCertificateSales } from '../core/extras/sale-ports.ts';
import { followUpPaidOrder } from '../core/orders/order-placed.ts';
import type { GiftDeliveryJobs, Memberships } from '../core/memberships/ports.ts';
import type { MailSender, OrderDocuments, OrderEmailLog, TicketPdfs } from '../core/orders/ports.ts';
import { sendOrderEmail, type OrderEmailOutcome } from '../core/orders/order-mail/send-order-email.ts';

// The `order-email` job: sent by checkout after an order commits, payload { orderId }. The sent
// marker (order_emails) makes a second run of the same job a no-op; pg-boss retries with backoff
// (adapters/queue/jobs.ts) what may pass later: a mail server down, another run mid-send.

export type OrderEmailServices =
  | OrderDocuments
  | OrderEmailLog
  | TicketPdfs
  | MailSender
  | GiftCertificateSales
  | Memberships
  | GiftDeliveryJobs;

/** Thrown so pg-boss retries the job later. */
export class RetryLater extends Error {}

/**
 * Runs the e-mail of one order and says what happened. Failures the mail system may get over
 * throw RetryLater; a permanent refusal (unknown mailbox) is logged and not retried: the
 * order_emails row keeps the reason.
 */
export const runOrderEmailJob = async (
  runtime: ManagedRuntime.ManagedRuntime<OrderEmailServices, never>,
  orderId: number,
  log: Logger,
): Promise<OrderEmailOutcome | { readonly status: 'Refused'; readonly reason: string }> => {
  // What the order sold first (core/orders/order-placed.ts), whichever way it completed; a
  // failure here is retried by the next run of the job.
  await runtime.runPromise(followUpPaidOrder(orderId));
  const exit = await runtime.runPromiseExit(sendOrderEmail(orderId));
  if (Exit.isSuccess(exit)) {
    const outcome = exit.value;
    if (outcome.status === 'Sent')
      log.info(`order ${orderId}: e-mail sent to ${outcome.to} (${outcome.attachments} attachment(s))`);
    else if (outcome.status === 'NoSuchOrder') log.warn(`order ${orderId}: no such order, e-mail dropped`);
    else if (outcome.status === 'InProgress')
      throw new RetryLater(`order ${orderId}: e-mail being sent by another run`);
    return outcome;
  }
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'None') throw Cause.squash(exit.cause);
  if (!failure.value.permanent)
    throw new RetryLater(`order ${orderId}: e-mail not sent, will retry: ${failure.value.reason}`);
  log.error(`order ${orderId}: e-mail refused for good: ${failure.value.reason}`);
  return { status: 'Refused', reason: failure.value.reason };
};

export const startOrderEmailWorker = async (options: {
  readonly boss: PgBoss;
  readonly runtime: ManagedRuntime.ManagedRuntime<OrderEmailServices, never>;
  readonly log: Logger;
  readonly pollingIntervalSeconds?: number;
}): Promise<() => Promise<void>> => {
  const { boss, runtime, log } = options;
  await boss.work(
    queues.orderEmail,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (!job) return;
      // A payload that is not ours is dropped, not retried: it will never parse.
      const parsed = OrderEmailJob.safeParse(job.data);
      if (!parsed.success) {
        log.warn(`dropped order e-mail job ${job.id}: ${parsed.error.issues[0]?.message}`);
        return;
      }
      await runOrderEmailJob(runtime, parsed.data.orderId, log);
    },
  );
  return () => boss.offWork(queues.orderEmail);
};
