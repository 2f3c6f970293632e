import type { Knex } from 'knex';
import type { CheckoutDetails } from '../../../core/orders/checkout/validation.ts';
import type { AttemptOutcome, NewAttempt, PaymentAttempt } from '../../../core/orders/order.ts';
import type { GatewayName } from '../../../core/payments/ports.ts';
import { runPrepared, type NamedStatement } from '../prepared.ts';

// Payment attempts (payments table): saved with the idempotency key before the gateway is called,
// then the gateway's answer. Card facts are brand, BIN and last 4 only.

export interface AttemptRow {
  id: number;
  idempotency_key: string;
  basket_id: string;
  gateway: GatewayName | 'None';
  payment_type: string;
  payment_method_name: string | null;
  payment_ref: string | null;
  status: PaymentAttempt['status'];
  amount: number;
  currency: string;
  card_brand: string | null;
  card_bin: string | null;
  card_last4: string | null;
  failure_code: string | null;
  failure_message: string | null;
  client_secret: string | null;
  action_url: string | null;
  checkout: CheckoutDetails;
  order_id: number | null;
  refund_status: 'needed' | 'refunded' | null;
  refund_ref: string | null;
  taken_seats: string[] | null;
  updated_at: Date;
}

export const attemptOf = (row: AttemptRow): PaymentAttempt => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  basketId: row.basket_id,
  gateway: row.gateway,
  paymentType: row.payment_type,
  paymentMethodName: row.payment_method_name,
  paymentRef: row.payment_ref,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  card: row.card_last4
    ? { brand: row.card_brand ?? 'Other', bin: row.card_bin ?? '', last4: row.card_last4 }
    : null,
  failure: row.failure_code === null ? null : { code: row.failure_code, message: row.failure_message ?? '' },
  clientSecret: row.client_secret,
  actionUrl: row.action_url,
  checkout: row.checkout,
  orderId: row.order_id,
  refundStatus: row.refund_status,
  takenSeats: row.taken_seats ?? [],
  updatedAt: row.updated_at,
});

export const attemptByKey = async (db: Knex, key: string): Promise<PaymentAttempt | null> => {
  const row: AttemptRow | undefined = await db('payments').where({ idempotency_key: key }).first();
  return row ? attemptOf(row) : null;
};

const INSERT_ATTEMPT: NamedStatement = {
  name: 'foyer_insert_attempt_v1',
  text: `insert into payments (idempotency_key, basket_id, gateway, payment_type, payment_method_name,
           amount, currency, card_brand, card_bin, card_last4, checkout)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (idempotency_key) do nothing
         returning *`,
};

export const startAttempt = async (
  db: Knex,
  attempt: NewAttempt,
): Promise<{ attempt: PaymentAttempt; created: boolean }> => {
  const inserted = await runPrepared<AttemptRow>(db, INSERT_ATTEMPT, [
    attempt.idempotencyKey,
    attempt.basketId,
    attempt.gateway,
    attempt.paymentType,
    attempt.paymentMethodName,
    attempt.amount,
    attempt.currency,
    attempt.card?.brand ?? null,
    attempt.card?.bin ?? null,
    attempt.card?.last4 ?? null,
    JSON.stringify(attempt.checkout),
  ]);
  if (inserted[0]) return { attempt: attemptOf(inserted[0]), created: true };
  return { attempt: (await attemptByKey(db, attempt.idempotencyKey))!, created: false };
};

/** What the gateway said. A success (money taken) is never overwritten by a later failure. */
type Success = Extract<AttemptOutcome, { status: 'succeeded' }>;

/**
 * The columns a gateway's success sets on its payment; null: keep what the payment has (a gateway
 * that gives no reference; Stripe, which gives no BIN, only rarely its iin: the column holds
 * 6 digits or nothing). Written by recordOutcome, and in the checkout's sale itself
 * (sell-basket.ts, foyer_pay_and_sell).
 */
export const successColumns = ({ paymentRef, card }: Success) => ({
  payment_ref: paymentRef,
  card_brand: card?.brand ?? null,
  card_bin: card && /^\d{6}$/.test(card.bin) ? card.bin : null,
  card_last4: card?.last4 ?? null,
});

export const recordOutcome = async (
  db: Knex,
  attemptId: number,
  outcome: AttemptOutcome,
): Promise<PaymentAttempt> => {
  const columns: Record<string, unknown> = { status: outcome.status, updated_at: db.fn.now() };
  if (outcome.paymentRef !== null) columns.payment_ref = outcome.paymentRef;
  if (outcome.status === 'succeeded')
    for (const [column, value] of Object.entries(successColumns(outcome)))
      if (value !== null) columns[column] = value;
  if (outcome.status === 'requires_action') {
    columns.client_secret = outcome.clientSecret;
    columns.action_url = outcome.actionUrl;
  }
  if (outcome.status === 'failed') {
    columns.failure_code = outcome.code;
    columns.failure_message = outcome.message;
  }
  const query = db('payments').where({ id: attemptId });
  if (outcome.status !== 'succeeded') query.whereNotIn('status', ['succeeded', 'refunded']);
  else query.whereNot({ status: 'refunded' });
  const [updated]: AttemptRow[] = await query.update(columns).returning('*');
  // Unchanged (a success already recorded): the attempt as it is.
  return attemptOf(updated ?? (await db('payments').where({ id: attemptId }).first()));
};

export const recordRefund = async (db: Knex, attemptId: number, refundRef: string | null) => {
  await db('payments').where({ id: attemptId }).whereNull('order_id').update({
    status: 'refunded',
    refund_status: 'refunded',
    refund_ref: refundRef,
    updated_at: db.fn.now(),
  });
};

/** The reconciliation job's work list, oldest first. */
export const unsettledAttempts = async (
  db: Knex,
  olderThanSeconds: number,
  limit: number,
): Promise<PaymentAttempt[]> => {
  const rows: AttemptRow[] = await db('payments')
    .where((q) =>
      q
        .whereIn('status', ['pending', 'requires_action'])
        .orWhere((s) => s.where({ status: 'succeeded' }).whereNull('order_id')),
    )
    .whereRaw(`updated_at < now() - make_interval(secs => ?)`, [olderThanSeconds])
    .orderBy('updated_at')
    .limit(limit);
  return rows.map(attemptOf);
};
