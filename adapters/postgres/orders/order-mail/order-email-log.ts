import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { OrderEmailLog, type EmailClaim } from '../../../../core/orders/ports.ts';

/** A claim older than this belongs to a worker that died mid-send; another run takes it over. */
export const CLAIM_LEASE_SECONDS = 300;

/**
 * order_emails: one statement claims the e-mail (a new row, or a released or stale claim of one
 * not sent), so two runs at the same moment cannot both send.
 */
export const OrderEmailLogPostgres = (db: Knex, leaseSeconds = CLAIM_LEASE_SECONDS) =>
  Layer.succeed(OrderEmailLog, {
    claim: (orderId, kind) =>
      Effect.promise(async (): Promise<EmailClaim> => {
        const claimed = await db.raw<{ rows: unknown[] }>(
          `insert into order_emails (order_id, kind, claimed_at, attempts) values (?, ?, now(), 1)
           on conflict (order_id, kind) do update
             set claimed_at = now(), attempts = order_emails.attempts + 1
             where order_emails.sent_at is null
               and (order_emails.claimed_at is null
                    or order_emails.claimed_at < now() - make_interval(secs => ?))
           returning order_id`,
          [orderId, kind, leaseSeconds],
        );
        if (claimed.rows.length > 0) return 'Claimed';
        const row: { sent_at: Date | null } | undefined = await db('order_emails')
          .where({ order_id: orderId, kind })
          .first('sent_at');
        return row?.sent_at ? 'AlreadySent' : 'InProgress';
      }),
    release: (orderId, kind, failure) =>
      Effect.promise(() =>
        db('order_emails')
          .where({ order_id: orderId, kind })
          .whereNull('sent_at')
          .update({ claimed_at: null, last_failure: failure }),
      ).pipe(Effect.asVoid),
    markSent: (orderId, kind) =>
      Effect.promise(() =>
        db('order_emails')
          .where({ order_id: orderId, kind })
          .update({ sent_at: db.fn.now(), claimed_at: null, last_failure: null }),
      ).pipe(Effect.asVoid),
  });
