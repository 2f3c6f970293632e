import { Effect } from 'effect';
import type { Knex } from 'knex';

// What Foyer remembers of WorldPay orders (migrations/20261201000300_paypal_worldpay.ts).

export interface WorldPayOrder {
  readonly orderCode: string;
  readonly basketId: string;
  readonly amount: number;
  readonly currency: string;
  readonly orderKey: string | null;
  readonly idempotencyKey: string | null;
}

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

export const worldPayStore = (db: Knex) => ({
  remember: (order: Omit<WorldPayOrder, 'orderKey' | 'idempotencyKey'>) =>
    Effect.promise(() =>
      db('worldpay_orders').insert({
        order_code: order.orderCode,
        basket_id: order.basketId,
        amount: order.amount,
        currency: order.currency,
      }),
    ),

  byCode: (orderCode: string) =>
    Effect.promise(async () => {
      const row: OrderRow | undefined = await db('worldpay_orders').where({ order_code: orderCode }).first();
      return row ? orderOf(row) : null;
    }),

  byKey: (idempotencyKey: string) =>
    Effect.promise(async () => {
      const row: OrderRow | undefined = await db('worldpay_orders')
        .where({ idempotency_key: idempotencyKey })
        .first();
      return row ? orderOf(row) : null;
    }),

  /** One payment, one checkout: true when this key holds the order's payment (now or before). */
  claim: (orderCode: string, orderKey: string, idempotencyKey: string) =>
    Effect.promise(async () => {
      const updated = await db('worldpay_orders')
        .where({ order_code: orderCode })
        .where((q) => q.whereNull('idempotency_key').orWhere('idempotency_key', idempotencyKey))
        .update({ idempotency_key: idempotencyKey, order_key: orderKey });
      return updated === 1;
    }),

  /**
   * Starts a refund under its key: 'new' (send it), 'sent' (done before), or 'unknown' (an
   * earlier attempt may or may not have reached WorldPay: a person checks before sending again).
   */
  startRefund: (idempotencyKey: string, orderCode: string, amount: number) =>
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

  refundSent: (idempotencyKey: string) =>
    Effect.promise(() =>
      db('worldpay_refunds').where({ idempotency_key: idempotencyKey }).update({ status: 'Sent' }),
    ),

  /** WorldPay refused the refund outright: nothing was refunded, the key may try again. */
  refundRefused: (idempotencyKey: string) =>
    Effect.promise(() => db('worldpay_refunds').where({ idempotency_key: idempotencyKey }).del()),
});
