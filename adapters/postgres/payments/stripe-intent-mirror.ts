import type { Knex } from 'knex';
import type { MirroredIntent, StripeIntentMirror } from '../../stripe/intent-mirror.ts';
import { PaymentNoticesFromStripe } from '../../stripe/payment-notices.ts';

// Stripe's webhook deliveries (stripe_webhook_events) and the payment intents' mirror
// (stripe_payment_intents), migrations/20261201000200_stripe.ts.

interface MirrorRow {
  id: string;
  status: string;
  amount_received: number;
  amount: number;
  currency: string;
  idempotency_key: string | null;
  metadata: Record<string, string>;
  last_error_code: string | null;
  updated_at: Date;
}

const intentOf = (row: MirrorRow): MirroredIntent => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  amountReceived: row.amount_received,
  currency: row.currency,
  idempotencyKey: row.idempotency_key,
  metadata: row.metadata,
  lastErrorCode: row.last_error_code,
  updatedAt: row.updated_at,
});

export const stripeIntentMirrorPostgres = (db: Knex): StripeIntentMirror => ({
  record: (event, intent) =>
    db.transaction(async (trx) => {
      const claimed = await trx.raw<{ rows: unknown[] }>(
        `insert into stripe_webhook_events (event_id, type, created) values (?, ?, ?)
         on conflict (event_id) do nothing returning event_id`,
        [event.id, event.type, event.created],
      );
      if (claimed.rows.length === 0) return 'duplicate';
      if (!intent) return 'ignored';
      const moved = await trx.raw<{ rows: unknown[] }>(
        `insert into stripe_payment_intents as s
           (id, status, terminal, status_rank, event_created, event_id, amount, amount_received, currency,
            idempotency_key, metadata, latest_charge, last_error_code, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, now())
         on conflict (id) do update set
           status = excluded.status, terminal = excluded.terminal, status_rank = excluded.status_rank,
           event_created = excluded.event_created, event_id = excluded.event_id, amount = excluded.amount,
           amount_received = excluded.amount_received, currency = excluded.currency,
           idempotency_key = coalesce(excluded.idempotency_key, s.idempotency_key), metadata = excluded.metadata,
           latest_charge = excluded.latest_charge, last_error_code = excluded.last_error_code, updated_at = now()
         where (excluded.terminal, excluded.event_created, excluded.status_rank, excluded.event_id)
             > (s.terminal, s.event_created, s.status_rank, s.event_id)
         returning id`,
        [
          intent.id,
          intent.status,
          intent.terminal,
          intent.statusRank,
          intent.eventCreated,
          intent.eventId,
          intent.amount,
          intent.amountReceived,
          intent.currency,
          intent.idempotencyKey,
          JSON.stringify(intent.metadata),
          intent.latestCharge,
          intent.lastErrorCode,
        ],
      );
      return moved.rows.length > 0 ? 'applied' : 'stale';
    }),

  byKey: async (idempotencyKey) => {
    const row: MirrorRow | undefined = await db('stripe_payment_intents')
      .where({ idempotency_key: idempotencyKey })
      .orderBy([
        { column: 'terminal', order: 'desc' },
        { column: 'status_rank', order: 'desc' },
      ])
      .first();
    return row ? intentOf(row) : null;
  },

  succeededSince: async (since) => {
    const rows: MirrorRow[] = await db('stripe_payment_intents')
      .where('status', 'succeeded')
      .where('updated_at', '>=', since)
      .orderBy('updated_at');
    return rows.map(intentOf);
  },
});

/** PaymentNotices read from the mirror in this database. */
export const PaymentNoticesPostgres = (db: Knex) => PaymentNoticesFromStripe(stripeIntentMirrorPostgres(db));
