import { Effect, Layer } from 'effect';
import type { PgBoss } from 'pg-boss';
import { TicketsAvailableMail } from '../../core/accounts/notifications/ticket-notifications.ts';
import type { Logger } from '../log.ts';
import { queues, type TicketsAvailableJob } from './jobs.ts';

// The tickets-available job of an event whose seats came back on sale. Releases come in bursts
// (every expiring basket of an on-sale), so the events are gathered for a moment and sent
// together; the queue keeps one waiting job per event (stately, keyed by the event), so a burst
// of releases of one event is one job. A job lost in a crash within that moment is made again
// by the event's next release; the requests stay waiting until then.

const FLUSH_MS = 200;

export const makePgBossTicketsAvailableMail = (boss: PgBoss, log: Logger) => {
  let pending = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const eventIds = [...pending];
    pending = new Set();
    if (eventIds.length === 0) return inFlight;
    inFlight = inFlight
      .then(() =>
        boss.insert(
          queues.ticketsAvailable,
          eventIds.map((eventId) => ({
            data: { eventId } satisfies TicketsAvailableJob,
            singletonKey: `event-${eventId}`,
          })),
        ),
      )
      .then(
        () => undefined,
        (error: unknown) =>
          log.error(`could not queue tickets-available e-mails of ${eventIds.length} events`, error),
      );
    return inFlight;
  };
  const service = TicketsAvailableMail.of({
    queue: (eventIds) =>
      Effect.sync(() => {
        for (const id of eventIds) pending.add(id);
        timer ??= setTimeout(() => void flush(), FLUSH_MS);
      }),
  });
  return { service, flush };
};

export const PgBossTicketsAvailableMail = (boss: PgBoss, log: Logger) =>
  Layer.effect(
    TicketsAvailableMail,
    Effect.acquireRelease(
      Effect.sync(() => makePgBossTicketsAvailableMail(boss, log)),
      (mail) => Effect.promise(() => mail.flush()),
    ).pipe(Effect.map((mail) => mail.service)),
  );
