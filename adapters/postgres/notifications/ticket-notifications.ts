import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { TicketNotifications, type RecordOutcome } from '../../../core/accounts/ticket-notifications.ts';

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
