import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { GatewayName } from '../../../../core/payments/ports.ts';
import {
  OrderRefunds,
  type BeginRefunds,
  type OrderRefundState,
  type RefundablePayment,
  type RefundContext,
  type RefundDecision,
  type StoredRefund,
} from '../../../../core/orders/refunds/ports.ts';
import { settleGiftRefund } from '../../extras/gift-refund.ts';

// The refunds' store on PostgreSQL (core/orders/refunds/ports.ts): the refunds table and the
// order_balances view of migrations/20261211000100_after_sale.ts. A refund is saved pending with
// its key (refund:<its id>) in the transaction that judged it under the order row's lock; the
// trigger refunds_within_payment checks again that no payment gives back more than it brought in.

type Db = Knex | Knex.Transaction;

interface PaymentRow {
  id: number;
  amount: number;
  refunded: number;
  payment_type: string;
  payment_method_name: string | null;
  gateway: string;
  payment_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
}

interface RefundRow {
  id: number;
  order_id: number;
  payment_id: number;
  amount: number;
  currency: string;
  refund_type: string;
  gateway: GatewayName | null;
  payment_ref: string | null;
  idempotency_key: string;
  status: StoredRefund['status'];
  refund_ref: string | null;
  gift_certificate_code: string | null;
}

const PROCESSORS: readonly string[] = ['Offline', 'Stripe', 'PayPal', 'WorldPay'];

/**
 * Who gives a payment's money back. Cash, check, comp and custom types (gateway None) are given
 * back by record. The offline processor's simulated card terminal (adapters/offline/terminal.ts,
 * intents offline_pi_...) keeps no money to give back, so its payments are by record too; Stripe
 * Terminal payments are PaymentIntents and go back through Stripe like any card.
 */
const wayBackOf = (row: PaymentRow): GatewayName | null => {
  if (!PROCESSORS.includes(row.gateway) || !row.payment_ref) return null;
  if (row.gateway === 'Offline' && row.payment_ref.startsWith('offline_pi_')) return null;
  return row.gateway as GatewayName;
};

const paymentOf = (row: PaymentRow): RefundablePayment => ({
  paymentId: row.id,
  amount: row.amount,
  refunded: row.refunded,
  paymentType: row.payment_type,
  paymentMethodName: row.payment_method_name,
  gateway: wayBackOf(row),
  cardBrand: row.card_brand,
  cardLast4: row.card_last4,
  at: row.created_at,
});

const storedOf = (row: RefundRow): StoredRefund => ({
  id: row.id,
  orderId: row.order_id,
  paymentId: row.payment_id,
  amount: row.amount,
  currency: row.currency,
  refundType: row.refund_type,
  gateway: row.gateway,
  paymentRef: row.payment_ref,
  idempotencyKey: row.idempotency_key,
  status: row.status,
  refundRef: row.refund_ref,
  giftCertificateCode: row.gift_certificate_code,
});

/** An order's payments that took money (not an invoice's placing, not handed back unsold), oldest first. */
const paymentsOf = async (db: Db, orderId: number): Promise<RefundablePayment[]> => {
  const { rows } = await db.raw<{ rows: PaymentRow[] }>(
    `select p.id, p.amount, p.payment_type, p.payment_method_name, p.gateway, p.payment_ref,
            p.card_brand, p.card_last4, p.created_at,
            coalesce((select sum(r.amount) from refunds r
                       where r.payment_id = p.id and r.status <> 'failed'), 0)::int as refunded
       from payments p
      where p.order_id = ? and p.status = 'succeeded' and p.refund_status is null
        and p.payment_type <> 'Invoice' and p.amount > 0
      order by p.id`,
    [orderId],
  );
  return rows.map(paymentOf);
};

const stateOf = async (db: Db, orderId: number): Promise<OrderRefundState | null> => {
  const order:
    | {
        id: number;
        name: string;
        currency: string;
        currency_locale: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        balance_due: number;
      }
    | undefined = await db('orders as o')
    .join('order_balances as b', 'b.order_id', 'o.id')
    .where('o.id', orderId)
    .first(
      'o.id',
      'o.name',
      'o.currency',
      'o.currency_locale',
      'o.first_name',
      'o.last_name',
      'o.email',
      'b.balance_due',
    );
  if (!order) return null;
  const name = `${order.first_name ?? ''} ${order.last_name ?? ''}`.trim();
  return {
    orderId: order.id,
    orderName: order.name,
    currency: order.currency,
    currencyLocale: order.currency_locale,
    balanceDue: order.balance_due,
    buyer: { name: name || (order.email ?? 'customer'), email: order.email },
    payments: await paymentsOf(db, orderId),
  };
};

const REFUND_SELECT = `select r.id, r.order_id, r.payment_id, r.amount, r.currency, r.refund_type, r.gateway,
       p.payment_ref, r.idempotency_key, r.status, r.refund_ref,
       coalesce(g.code, r.gift_certificate_code) as gift_certificate_code
  from refunds r join payments p on p.id = r.payment_id
  left join gift_certificates g on g.id = r.gift_certificate_id`;

const refundsWhere = async (
  db: Db,
  where: string,
  bindings: Knex.RawBinding[],
  limit = 1000,
): Promise<StoredRefund[]> => {
  const { rows } = await db.raw<{ rows: RefundRow[] }>(
    `${REFUND_SELECT} where ${where} order by r.id limit ${Math.trunc(limit)}`,
    bindings,
  );
  return rows.map(storedOf);
};

const begin = (
  db: Knex,
  orderId: number,
  context: RefundContext,
  decide: (state: OrderRefundState) => RefundDecision,
): Promise<BeginRefunds> =>
  db.transaction(async (trx) => {
    // Every refund and payment of this order waits here, so each is judged on what the one
    // before it left.
    const locked = await trx('orders').where({ id: orderId }).forUpdate().first('id', 'currency');
    if (!locked) return { kind: 'noOrder' };
    const state = (await stateOf(trx, orderId))!;
    const decision = decide(state);
    if (!decision.ok) return { kind: 'refused', refusal: decision.refusal };
    const ids: number[] = [];
    for (const refund of decision.refunds) {
      const { rows } = await trx.raw<{ rows: { id: number }[] }>(
        `select nextval(pg_get_serial_sequence('refunds', 'id'))::int as id`,
      );
      const id = rows[0]!.id;
      await trx('refunds').insert({
        id,
        order_id: orderId,
        payment_id: refund.paymentId,
        amount: refund.amount,
        currency: locked.currency,
        refund_type: refund.refundType,
        gateway: refund.gateway,
        gift_certificate_code: refund.giftCertificateCode ?? null,
        // Saved before any processor is asked: the same key asked again answers this refund.
        idempotency_key: `refund:${id}`,
        status: 'pending',
        reason: context.reason,
        staff_user_id: context.actor.staffUserId,
        staff_name: context.actor.name,
        counter: context.actor.counter,
        cancellation_run_id: context.runId,
      });
      ids.push(id);
    }
    return {
      kind: 'begun',
      refunds: ids.length ? await refundsWhere(trx, 'r.id = any(?)', [ids]) : [],
    };
  });

export const makeOrderRefundsPostgres = (db: Knex) =>
  OrderRefunds.of({
    state: (orderId) => Effect.promise(() => stateOf(db, orderId)),
    begin: (orderId, context, decide) => Effect.promise(() => begin(db, orderId, context, decide)),
    settle: (refundId, outcome) =>
      Effect.promise(async () => {
        // Onto a gift certificate: the money moves with the settling (adapters/postgres/extras/gift-refund.ts).
        if (outcome.status === 'succeeded') {
          const row: { refund_type: string } | undefined = await db('refunds')
            .where({ id: refundId })
            .first('refund_type');
          if (row?.refund_type === 'GiftCertificate') return settleGiftRefund(db, refundId);
        }
        const moved = await db('refunds')
          .where({ id: refundId, status: 'pending' })
          .update({
            status: outcome.status,
            refund_ref: outcome.status === 'succeeded' ? outcome.refundRef : null,
            failure_message: outcome.status === 'failed' ? outcome.message : null,
            updated_at: db.fn.now(),
          })
          .returning('id');
        return moved.length > 0;
      }),
    postpone: (refundId, message) =>
      Effect.promise(async () => {
        await db('refunds')
          .where({ id: refundId, status: 'pending' })
          .update({ failure_message: message.slice(0, 500), updated_at: db.fn.now() });
      }),
    pending: ({ orderId, olderThanSeconds, limit }) =>
      Effect.promise(() =>
        refundsWhere(
          db,
          `r.status = 'pending' and (cast(? as int) is null or r.order_id = cast(? as int))
             and r.updated_at <= now() - make_interval(secs => ?)`,
          [orderId, orderId, olderThanSeconds],
          limit,
        ),
      ),
    confirm: ({ gateway, refundRef, idempotencyKey }) =>
      Effect.promise(async () => {
        const moved: { id: number }[] = await db('refunds')
          .where({ status: 'pending', gateway })
          .where((q) => {
            q.where({ refund_ref: refundRef });
            if (idempotencyKey) q.orWhere({ idempotency_key: idempotencyKey });
          })
          .update({ status: 'succeeded', refund_ref: refundRef, updated_at: db.fn.now() })
          .returning('id');
        return moved.length ? refundsWhere(db, 'r.id = any(?)', [moved.map((m) => m.id)]) : [];
      }),
    refund: (refundId) =>
      Effect.promise(async () => (await refundsWhere(db, 'r.id = ?', [refundId]))[0] ?? null),
  });

export const OrderRefundsPostgres = (db: Knex) => Layer.succeed(OrderRefunds, makeOrderRefundsPostgres(db));
