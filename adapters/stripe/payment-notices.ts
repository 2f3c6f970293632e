import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { PaymentNotices, type PaymentNotice } from '../../core/payments/payment-notices.ts';
import type { PaymentState } from '../../core/payments/ports.ts';

// PaymentNotices from the Stripe webhook mirror (stripe_payment_intents, webhook-events.ts).

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

const stateOf = (row: MirrorRow): PaymentState => {
  switch (row.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        paymentRef: row.id,
        amount: row.amount_received || row.amount,
        card: null,
      };
    case 'canceled':
      return { status: 'canceled', paymentRef: row.id };
    case 'requires_payment_method':
      return row.last_error_code
        ? { status: 'failed', paymentRef: row.id }
        : { status: 'pending', paymentRef: row.id };
    default:
      return { status: 'pending', paymentRef: row.id };
  }
};

const noticeOf = (row: MirrorRow): PaymentNotice => ({
  gateway: 'Stripe',
  state: stateOf(row),
  currency: row.currency.toUpperCase(),
  idempotencyKey: row.idempotency_key,
  metadata: row.metadata,
  updatedAt: row.updated_at,
});

export const PaymentNoticesPostgres = (db: Knex) =>
  Layer.succeed(PaymentNotices, {
    byKey: (idempotencyKey) =>
      Effect.promise(async () => {
        // A key names one charge; should several intents carry it, a succeeded one wins.
        const row: MirrorRow | undefined = await db('stripe_payment_intents')
          .where({ idempotency_key: idempotencyKey })
          .orderBy([
            { column: 'terminal', order: 'desc' },
            { column: 'status_rank', order: 'desc' },
          ])
          .first();
        return row ? noticeOf(row) : null;
      }),
    succeededSince: (since) =>
      Effect.promise(async () => {
        const rows: MirrorRow[] = await db('stripe_payment_intents')
          .where('status', 'succeeded')
          .where('updated_at', '>=', since)
          .orderBy('updated_at');
        return rows.map(noticeOf);
      }),
  });
