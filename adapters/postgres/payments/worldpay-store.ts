import { Effect } from 'effect';
import type { Knex } from 'knex';
import type { WorldPayOrder, WorldPayStore } from '../../worldpay/store.ts';

// The WorldPay gateway's orders and refunds (migrations/20261201000300_paypal_worldpay.ts).

interface OrderRow {
  order_code: string;
  basket_id: string;
  amount: number;
  currency: string;
  order_key: string | null;
  idempotency_key: string | null;
}

const orderOf = (row: OrderRow): WorldPayOrder => ({
  orderCode: row.order_code,
  basketId: row.basket_id,
  amount: row.amount,
  currency: row.currency,
  orderKey: row.order_key,
  idempotencyKey: row.idempotency_key,
});

export const worldPayStorePostgres = (db: Knex): WorldPayStore => ({
  remember: (order) =>
    Effect.promise(async () => {
      await db('worldpay_orders').insert({
        order_code: order.orderCode,
        basket_id: order.basketId,
        amount: order.amount,
        currency: order.currency,
      });
    }),

  byCode: (orderCode) =>
    Effect.promise(async () => {
      const row: OrderRow | undefined = await db('worldpay_orders').where({ order_code: orderCode }).first();
      return row ? orderOf(row) : null;
    }),

  byKey: (idempotencyKey) =>
    Effect.promise(async () => {
      const row: OrderRow | undefined = await db('worldpay_orders')
        .where({ idempotency_key: idempotencyKey })
        .first();
      return row ? orderOf(row) : null;
    }),

  claim: (orderCode, orderKey, idempotencyKey) =>
    Effect.promise(async () => {
      const updated = await db('worldpay_orders')
        .where({ order_code: orderCode })
        .where((q) => q.whereNull('idempotency_key').orWhere('idempotency_key', idempotencyKey))
        .update({ idempotency_key: idempotencyKey, order_key: orderKey });
      return updated === 1;
    }),

  startRefund: (idempotencyKey, orderCode, amount) =>
    Effect.promise(async (): Promise<'new' | 'sent' | 'unknown'> => {
      const inserted = await db('worldpay_refunds')
        .insert({ idempotency_key: idempotencyKey, order_code: orderCode, amount })
        .onConflict()
        .ignore()
        .returning('idempotency_key');
      if (inserted.length === 1) return 'new';
      const row = await db('worldpay_refunds').where({ idempotency_key: idempotencyKey }).first('status');
      return row?.status === 'Sent' ? 'sent' : 'unknown';
    }),

  refundSent: (idempotencyKey) =>
    Effect.promise(async () => {
      await db('worldpay_refunds').where({ idempotency_key: idempotencyKey }).update({ status: 'Sent' });
    }),

  refundRefused: (idempotencyKey) =>
    Effect.promise(async () => {
      await db('worldpay_refunds').where({ idempotency_key: idempotencyKey }).del();
    }),
});
