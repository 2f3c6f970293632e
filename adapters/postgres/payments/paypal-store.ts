import { Effect } from 'effect';
import type { Knex } from 'knex';
import type { CaptureClaim, CreatedOrder, PayPalStore } from '../../paypal/store.ts';

// The PayPal gateway's orders and capture claims (migrations/20261201000300_paypal_worldpay.ts).

interface CaptureRow {
  idempotency_key: string;
  paypal_order_id: string;
  capture_id: string | null;
  amount: number;
  currency: string;
}

const claimOf = (row: CaptureRow): CaptureClaim => ({
  idempotencyKey: row.idempotency_key,
  paypalOrderId: row.paypal_order_id,
  captureId: row.capture_id,
  amount: row.amount,
  currency: row.currency,
});

export const payPalStorePostgres = (db: Knex): PayPalStore => ({
  rememberOrder: (basketId, order) =>
    Effect.promise(async () => {
      await db('paypal_orders')
        .insert({
          basket_id: basketId,
          paypal_order_id: order.paypalOrderId,
          amount: order.amount,
          currency: order.currency,
        })
        .onConflict('basket_id')
        .merge(['paypal_order_id', 'amount', 'currency', 'created_at']);
    }),

  orderForBasket: (basketId) =>
    Effect.promise(async (): Promise<CreatedOrder | null> => {
      const row = await db('paypal_orders').where({ basket_id: basketId }).first();
      return row ? { paypalOrderId: row.paypal_order_id, amount: row.amount, currency: row.currency } : null;
    }),

  byKey: (idempotencyKey) =>
    Effect.promise(async (): Promise<CaptureClaim | null> => {
      const row: CaptureRow | undefined = await db('paypal_captures')
        .where({ idempotency_key: idempotencyKey })
        .first();
      return row ? claimOf(row) : null;
    }),

  claim: (claim) =>
    Effect.promise(async (): Promise<CaptureClaim | null> => {
      await db('paypal_captures')
        .insert({
          idempotency_key: claim.idempotencyKey,
          paypal_order_id: claim.paypalOrderId,
          amount: claim.amount,
          currency: claim.currency,
        })
        .onConflict()
        .ignore();
      const row: CaptureRow | undefined = await db('paypal_captures')
        .where({ idempotency_key: claim.idempotencyKey, paypal_order_id: claim.paypalOrderId })
        .first();
      return row ? claimOf(row) : null;
    }),

  captured: (idempotencyKey, captureId) =>
    Effect.promise(async () => {
      await db('paypal_captures')
        .where({ idempotency_key: idempotencyKey })
        .update({ capture_id: captureId });
    }),

  release: (idempotencyKey) =>
    Effect.promise(async () => {
      await db('paypal_captures').where({ idempotency_key: idempotencyKey }).whereNull('capture_id').del();
    }),
});
