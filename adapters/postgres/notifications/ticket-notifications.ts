import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  TicketNotifications,
  WaitingTicketRequests,
  type RecordOutcome,
} from '../../../core/accounts/notifications/ticket-notifications.ts';

/**
 * Sold-out e-mail requests in ticket_notification_requests. The insert is one statement that
 * only fires for a live, not yet started event and yields to the unique (event_id, lower(email))
 * index, so two identical requests at the same moment still make one row.
 */
export const TicketNotificationsPostgres = (db: Knex) =>
  Layer.succeed(TicketNotifications, {
    record: ({ eventId, email, requestedAt }) =>
      Effect.promise(async (): Promise<RecordOutcome> => {
        const inserted = await db.raw<{ rows: { id: number }[] }>(
          `insert into ticket_notification_requests (event_id, email, created_at)
           select e.id, ?, ? from events e
           where e.id = ? and e.status = 'Active' and e.starts_at > ?
           on conflict (event_id, lower(email)) do nothing
           returning id`,
          [email, requestedAt, eventId, requestedAt],
        );
        if (inserted.rows.length > 0) return 'Created';
        const event: { starts_at: Date; status: string } | undefined = await db('events')
          .where({ id: eventId })
          .first('starts_at', 'status');
        if (!event || event.status !== 'Active') return 'NoSuchEvent';
        if (event.starts_at <= requestedAt) return 'EventStarted';
        return 'AlreadyRequested';
      }),
  });

/** A claim older than this belongs to a run that died mid-send; another run takes it over. */
export const NOTIFICATION_CLAIM_LEASE_SECONDS = 300;

/**
 * The waiting requests of an event, for the tickets-available job. The claim is one statement:
 * the rows are picked and locked (skipping those another claim is taking this instant), stamped
 * claimed_at and returned, so two runs never hold the same request.
 */
export const WaitingTicketRequestsPostgres = (db: Knex, leaseSeconds = NOTIFICATION_CLAIM_LEASE_SECONDS) =>
  Layer.succeed(WaitingTicketRequests, {
    claim: (eventId, limit) =>
      Effect.promise(async () => {
        const claimed = await db.raw<{ rows: { id: number; email: string }[] }>(
          `with due as (
             select id from ticket_notification_requests
              where event_id = ? and notified_at is null and refused_at is null
                and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))
              order by id
              limit ?
              for update skip locked
           )
           update ticket_notification_requests r
              set claimed_at = now(), attempts = r.attempts + 1
             from due where r.id = due.id
           returning r.id, r.email`,
          [eventId, leaseSeconds, limit],
        );
        const rows = [...claimed.rows].sort((a, b) => a.id - b.id);
        const others = await db('ticket_notification_requests')
          .where({ event_id: eventId })
          .whereNull('notified_at')
          .whereNull('refused_at')
          .whereNotNull('claimed_at')
          .whereNotIn(
            'id',
            rows.map((r) => r.id),
          )
          .count<{ n: string }[]>({ n: '*' });
        return { claimed: rows, others: Number(others[0]?.n ?? 0) };
      }),
    markSent: (requestId) =>
      Effect.promise(() =>
        db('ticket_notification_requests')
          .where({ id: requestId })
          .update({ notified_at: db.fn.now(), claimed_at: null, last_failure: null }),
      ).pipe(Effect.asVoid),
    release: (requestId, failure) =>
      Effect.promise(() =>
        db('ticket_notification_requests')
          .where({ id: requestId })
          .whereNull('notified_at')
          .update({ claimed_at: null, last_failure: failure }),
      ).pipe(Effect.asVoid),
    refuse: (requestId, failure) =>
      Effect.promise(() =>
        db('ticket_notification_requests')
          .where({ id: requestId })
          .whereNull('notified_at')
          .update({ refused_at: db.fn.now(), claimed_at: null, last_failure: failure }),
      ).pipe(Effect.asVoid),
  });
