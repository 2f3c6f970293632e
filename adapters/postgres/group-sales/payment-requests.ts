import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { PaymentRequest } from '../../../core/group-sales/payment-request.ts';
import { PaymentRequests, type GroupPayment } from '../../../core/group-sales/ports.ts';

// Group-sales payment requests and their payments (migrations/20261214000200_group_sales.ts).
// One payment per request at most is succeeded: markPaid's conditional update of the request and
// the partial unique index group_payments_one_success both refuse a second.

interface RequestRow {
  id: number;
  payment_code: string;
  customer_name: string;
  customer_email: string;
  description: string;
  kind: 'deposit' | 'balance';
  amount: number;
  currency: string;
  status: PaymentRequest['status'];
  created_at: Date;
  paid_at: Date | null;
}

interface PaymentRow {
  id: number;
  request_id: number;
  idempotency_key: string;
  gateway: string;
  amount: number;
  currency: string;
  status: GroupPayment['status'];
  payment_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_name: string | null;
  payer_email: string | null;
  failure_reason: string | null;
  created_at: Date;
}

const requestOf = (row: RequestRow): PaymentRequest => ({
  id: row.id,
  paymentCode: row.payment_code,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  description: row.description,
  kind: row.kind,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

const paymentOf = (row: PaymentRow): GroupPayment => ({
  id: row.id,
  requestId: row.request_id,
  idempotencyKey: row.idempotency_key,
  gateway: row.gateway,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  paymentRef: row.payment_ref,
  card: row.card_last4 === null ? null : { brand: row.card_brand ?? 'Other', bin: '', last4: row.card_last4 },
  payerName: row.payer_name,
  payerEmail: row.payer_email,
  reason: row.failure_reason,
  createdAt: row.created_at,
});

export const makePaymentRequestsPostgres = (db: Knex) => ({
  create: async (
    fields: Parameters<PaymentRequests['Service']['create']>[0],
    paymentCode: string,
    createdBy: number | null,
  ): Promise<PaymentRequest> => {
    const [row] = await db<RequestRow>('group_payment_requests')
      .insert({
        payment_code: paymentCode,
        customer_name: fields.customerName,
        customer_email: fields.customerEmail,
        description: fields.description,
        kind: fields.kind,
        amount: fields.amount,
        currency: fields.currency,
        created_by: createdBy,
      } as never)
      .returning('*');
    return requestOf(row as RequestRow);
  },
  list: async (): Promise<PaymentRequest[]> =>
    (await db<RequestRow>('group_payment_requests').orderBy('id', 'desc').limit(500)).map(requestOf),
  find: async (id: number): Promise<PaymentRequest | null> => {
    const row = await db<RequestRow>('group_payment_requests').where({ id }).first();
    return row ? requestOf(row) : null;
  },
  startPayment: async (start: Parameters<PaymentRequests['Service']['startPayment']>[0]) => {
    await db.raw(
      `insert into group_payments
         (request_id, idempotency_key, gateway, amount, currency, card_brand, card_last4, payer_name, payer_email)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (idempotency_key) do nothing`,
      [
        start.requestId,
        start.idempotencyKey,
        start.gateway,
        start.amount,
        start.currency,
        start.card?.brand ?? null,
        start.card?.last4 ?? null,
        start.payerName,
        start.payerEmail,
      ],
    );
    const row = await db<PaymentRow>('group_payments')
      .where({ idempotency_key: start.idempotencyKey })
      .first();
    if (!row || row.request_id !== start.requestId) return { otherRequest: true as const };
    return { payment: paymentOf(row) };
  },
  recordOutcome: async (
    paymentId: number,
    status: 'requires_action' | 'declined',
    paymentRef: string | null,
  ) => {
    await db('group_payments')
      .where({ id: paymentId })
      .whereNot({ status: 'succeeded' })
      .update({ status, payment_ref: paymentRef, updated_at: db.fn.now() });
  },
  markPaid: (paymentId: number, paymentRef: string, card: { brand: string; last4: string } | null) =>
    db.transaction(async (trx) => {
      const payment = await trx<PaymentRow>('group_payments').where({ id: paymentId }).forUpdate().first();
      if (!payment) throw new Error(`group payment ${paymentId} vanished`);
      if (payment.status === 'succeeded') return 'paid' as const;
      const opened = await trx('group_payment_requests')
        .where({ id: payment.request_id, status: 'open' })
        .update({ status: 'paid', paid_at: trx.fn.now() });
      if (opened === 0) return 'alreadyPaid' as const;
      await trx('group_payments')
        .where({ id: paymentId })
        .update({
          status: 'succeeded',
          payment_ref: paymentRef,
          card_brand: card?.brand ?? payment.card_brand,
          card_last4: card?.last4 ?? payment.card_last4,
          updated_at: trx.fn.now(),
        });
      return 'paid' as const;
    }),
  markLost: async (paymentId: number, status: 'refunded' | 'failed', paymentRef: string, reason: string) => {
    await db('group_payments')
      .where({ id: paymentId })
      .whereNot({ status: 'succeeded' })
      .update({ status, payment_ref: paymentRef, failure_reason: reason, updated_at: db.fn.now() });
  },
  payment: async (paymentId: number): Promise<GroupPayment | null> => {
    const row = await db<PaymentRow>('group_payments').where({ id: paymentId }).first();
    return row ? paymentOf(row) : null;
  },
  paidBy: async (requestId: number): Promise<GroupPayment | null> => {
    const row = await db<PaymentRow>('group_payments')
      .where({ request_id: requestId, status: 'succeeded' })
      .first();
    return row ? paymentOf(row) : null;
  },
  cancel: async (requestId: number) => {
    const changed = await db('group_payment_requests')
      .where({ id: requestId, status: 'open' })
      .update({ status: 'cancelled' });
    if (changed > 0) return 'cancelled' as const;
    const exists = await db('group_payment_requests').where({ id: requestId }).first();
    return exists ? ('notOpen' as const) : ('notFound' as const);
  },
});

export const PaymentRequestsPostgres = (db: Knex) => {
  const store = makePaymentRequestsPostgres(db);
  return Layer.succeed(PaymentRequests, {
    create: (fields, code, createdBy) => Effect.promise(() => store.create(fields, code, createdBy)),
    list: () => Effect.promise(() => store.list()),
    find: (id) => Effect.promise(() => store.find(id)),
    startPayment: (start) => Effect.promise(() => store.startPayment(start)),
    recordOutcome: (id, status, ref) => Effect.promise(() => store.recordOutcome(id, status, ref)),
    markPaid: (id, ref, card) => Effect.promise(() => store.markPaid(id, ref, card)),
    markLost: (id, status, ref, reason) => Effect.promise(() => store.markLost(id, status, ref, reason)),
    payment: (id) => Effect.promise(() => store.payment(id)),
    paidBy: (id) => Effect.promise(() => store.paidBy(id)),
    cancel: (id) => Effect.promise(() => store.cancel(id)),
  });
};
