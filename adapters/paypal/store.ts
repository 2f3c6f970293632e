import { Effect } from 'effect';
import type { Knex } from 'knex';

// What Foyer remembers of PayPal orders (migrations/20261201000300_paypal_worldpay.ts).

export interface CreatedOrder {
  readonly paypalOrderId: string;
  readonly amount: number;
  readonly currency: string;
}

export interface CaptureClaim {
  readonly idempotencyKey: string;
  readonly paypalOrderId: string;
  readonly captureId: string | null;
  readonly amount: number;
  readonly currency: string;
}

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

export const payPalStore = (db: Knex) => ({
  /** The basket's PayPal order is now this one (a second click on the button replaces it). */
  rememberOrder: (basketId: string, order: CreatedOrder) =>
    Effect.promise(() =>
      db('paypal_orders')
        .insert({
          basket_id: basketId,
          paypal_order_id: order.paypalOrderId,
          amount: order.amount,
          currency: order.currency,
        })
        .onConflict('basket_id')
        .merge(['paypal_order_id', 'amount', 'currency', 'created_at']),
    ),

  orderForBasket: (basketId: string) =>
    Effect.promise(async (): Promise<CreatedOrder | null> => {
      const row = await db('paypal_orders').where({ basket_id: basketId }).first();
      return row ? { paypalOrderId: row.paypal_order_id, amount: row.amount, currency: row.currency } : null;
    }),

  byKey: (idempotencyKey: string) =>
    Effect.promise(async (): Promise<CaptureClaim | null> => {
      const row: CaptureRow | undefined = await db('paypal_captures')
        .where({ idempotency_key: idempotencyKey })
        .first();
      return row ? claimOf(row) : null;
    }),

  /**
   * Claims the PayPal order for this checkout before the capture call. Answers the claim (new, or
   * this key's earlier one), or null when another checkout already claimed the order.
   */
  claim: (claim: Omit<CaptureClaim, 'captureId'>) =>
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

  captured: (idempotencyKey: string, captureId: string) =>
    Effect.promise(() =>
      db('paypal_captures').where({ idempotency_key: idempotencyKey }).update({ capture_id: captureId }),
    ),

  /** A refused capture frees the order: the buyer may choose another funding source and retry. */
  release: (idempotencyKey: string) =>
    Effect.promise(() =>
      db('paypal_captures').where({ idempotency_key: idempotencyKey }).whereNull('capture_id').del(),
    ),
});

export type PayPalStore = ReturnType<typeof payPalStore>;
