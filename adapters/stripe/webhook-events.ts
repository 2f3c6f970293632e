import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { KEY_METADATA } from './gateway.ts';

// Recording Stripe's webhook events (migration 20261201000200_stripe). One transaction: the
// event id is claimed (a repeated delivery does nothing), then the intent's mirror row moves
// forward only if this event is later by the order key (terminal, created, rank, event id). The
// final row is the maximum over the events seen, whatever order they came in.

/** Later in an intent's life ranks higher; succeeded and canceled are terminal. */
export const STATUS_RANK: Record<string, number> = {
  requires_payment_method: 1,
  requires_confirmation: 2,
  requires_action: 3,
  processing: 4,
  requires_capture: 5,
  canceled: 6,
  succeeded: 7,
};
const TERMINAL = new Set(['succeeded', 'canceled']);

export type Recorded = 'applied' | 'stale' | 'duplicate' | 'ignored';

const isIntentEvent = (
  event: Stripe.Event,
): event is Stripe.Event & { data: { object: Stripe.PaymentIntent } } =>
  event.type.startsWith('payment_intent.') &&
  (event.data.object as { object?: string }).object === 'payment_intent';

export const recordStripeEvent = (db: Knex, event: Stripe.Event): Promise<Recorded> =>
  db.transaction(async (trx) => {
    const claimed = await trx.raw<{ rows: unknown[] }>(
      `insert into stripe_webhook_events (event_id, type, created) values (?, ?, ?)
       on conflict (event_id) do nothing returning event_id`,
      [event.id, event.type, event.created],
    );
    if (claimed.rows.length === 0) return 'duplicate';
    if (!isIntentEvent(event)) return 'ignored';
    const pi = event.data.object;
    const rank = STATUS_RANK[pi.status];
    if (rank === undefined) return 'ignored';
    const latestCharge =
      typeof pi.latest_charge === 'string' ? pi.latest_charge : (pi.latest_charge?.id ?? null);
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
        pi.id,
        pi.status,
        TERMINAL.has(pi.status),
        rank,
        event.created,
        event.id,
        pi.amount,
        pi.amount_received ?? 0,
        pi.currency,
        pi.metadata?.[KEY_METADATA] ?? null,
        JSON.stringify(pi.metadata ?? {}),
        latestCharge,
        pi.last_payment_error?.code ?? null,
      ],
    );
    return moved.rows.length > 0 ? 'applied' : 'stale';
  });
