import type { Effect } from 'effect';

// What the WorldPay gateway remembers of WorldPay orders and refunds, as a port: the PostgreSQL
// implementation is adapters/postgres/payments/worldpay-store.ts.

export interface WorldPayOrder {
  readonly orderCode: string;
  readonly basketId: string;
  readonly amount: number;
  readonly currency: string;
  readonly orderKey: string | null;
  readonly idempotencyKey: string | null;
}

export interface WorldPayStore {
  readonly remember: (order: Omit<WorldPayOrder, 'orderKey' | 'idempotencyKey'>) => Effect.Effect<void>;
  readonly byCode: (orderCode: string) => Effect.Effect<WorldPayOrder | null>;
  readonly byKey: (idempotencyKey: string) => Effect.Effect<WorldPayOrder | null>;
  /** One payment, one checkout: true when this key holds the order's payment (now or before). */
  readonly claim: (orderCode: string, orderKey: string, idempotencyKey: string) => Effect.Effect<boolean>;
  /**
   * Starts a refund under its key: 'new' (send it), 'sent' (done before), or 'unknown' (an
   * earlier attempt may or may not have reached WorldPay: a person checks before sending again).
   */
  readonly startRefund: (
    idempotencyKey: string,
    orderCode: string,
    amount: number,
  ) => Effect.Effect<'new' | 'sent' | 'unknown'>;
  readonly refundSent: (idempotencyKey: string) => Effect.Effect<void>;
  /** WorldPay refused the refund outright: nothing was refunded, the key may try again. */
  readonly refundRefused: (idempotencyKey: string) => Effect.Effect<void>;
}
