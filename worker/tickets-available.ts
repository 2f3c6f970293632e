import type { ManagedRuntime } from 'effect';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import { queues, TicketsAvailableJob } from '../adapters/queue/jobs.ts';
import {
  notifyTicketsAvailable,
  type TicketsAvailableOutcome,
} from '../core/accounts/notifications/notify-tickets-available.ts';
import type { WaitingTicketRequests } from '../core/accounts/notifications/ticket-notifications.ts';
import type { Catalogue } from '../core/catalogue/ports.ts';
import type { MailSender } from '../core/orders/ports.ts';
import { RetryLater } from './order-email.ts';

// The `tickets-available` job: sent when seats of an event come back on sale, payload { eventId }.
// Each waiting request is claimed, sent and marked one by one (core/accounts/
// notify-tickets-available.ts); pg-boss retries with backoff (adapters/queue/jobs.ts) what may
// pass later: a mail server down, requests another run holds.

export type TicketsAvailableServices = Catalogue | WaitingTicketRequests | MailSender;

/** Runs the e-mails of one event and says what happened; throws RetryLater when a run must follow. */
export const runTicketsAvailableJob = async (
  runtime: ManagedRuntime.ManagedRuntime<TicketsAvailableServices, never>,
  eventId: number,
  publicUrl: string,
  log: Logger,
): Promise<TicketsAvailableOutcome> => {
  const outcome = await runtime.runPromise(notifyTicketsAvailable(eventId, publicUrl));
  if (outcome.sent > 0) log.info(`event ${eventId}: tickets-available e-mail sent to ${outcome.sent} buyers`);
  if (outcome.refused > 0)
    log.warn(`event ${eventId}: tickets-available e-mail refused for good for ${outcome.refused} addresses`);
  if (outcome.failed > 0)
    throw new RetryLater(
      `event ${eventId}: ${outcome.failed} tickets-available e-mails not sent, will retry`,
    );
  if (outcome.others > 0)
    throw new RetryLater(`event ${eventId}: ${outcome.others} tickets-available e-mails held by another run`);
  return outcome;
};

export const startTicketsAvailableWorker = async (options: {
  readonly boss: PgBoss;
  readonly runtime: ManagedRuntime.ManagedRuntime<TicketsAvailableServices, never>;
  readonly log: Logger;
  /** The address buyers use, for the link to the seats (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly pollingIntervalSeconds?: number;
}): Promise<() => Promise<void>> => {
  const { boss, runtime, log, publicUrl } = options;
  await boss.work(
    queues.ticketsAvailable,
    { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      if (!job) return;
      // A payload that is not ours is dropped, not retried: it will never parse.
      const parsed = TicketsAvailableJob.safeParse(job.data);
      if (!parsed.success) {
        log.warn(`dropped tickets-available job ${job.id}: ${parsed.error.issues[0]?.message}`);
        return;
      }
      await runTicketsAvailableJob(runtime, parsed.data.eventId, publicUrl, log);
    },
  );
  return () => boss.offWork(queues.ticketsAvailable);
};
