import { Context, type Effect } from 'effect';
import type { GatewayName } from '../../payments/ports.ts';
import type { RefundSource } from '../../payments/refund-allocation.ts';
import type { AfterSaleActor } from '../after-sale.ts';
import type { RefundRefused } from './errors.ts';

// The refunds' store: what an order may give back, and each refund saved (with its idempotency
// key) before any processor is asked, then settled.

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** One of an order's payments that took money, as a refund needs it. */
export interface RefundablePayment extends RefundSource {
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  /** The processor that gives this payment's money back; null: by record (cash, check, comp...). */
  readonly gateway: GatewayName | null;
  readonly cardBrand: string | null;
  readonly cardLast4: string | null;
  readonly at: Date;
}

/** What an order owes back and the payments that may give it, oldest first. */
export interface OrderRefundState {
  readonly orderId: number;
  readonly orderName: string;
  readonly currency: string;
  readonly currencyLocale: string;
  /** order_balances: negative is credit owed to the customer. */
  readonly balanceDue: number;
  readonly buyer: { readonly name: string; readonly email: string | null };
  readonly payments: readonly RefundablePayment[];
}

/** A refund to save: from one payment, back the payment's way or as cash from the till. */
export interface NewRefund {
  readonly paymentId: number;
  readonly amount: number;
  /** The payment's own type, or Cash when paid out of the till instead. */
  readonly refundType: string;
  /** Who gives the money back; null: by record, succeeded at once. */
  readonly gateway: GatewayName | null;
  /**
   * refundType GiftCertificate: the certificate to credit (compact code); null: a new one is
   * issued (or, for a GiftCertificate payment, the certificate it was paid from).
   */
  readonly giftCertificateCode?: string | null;
}

/** Who asked and why, written on every row of one request. */
export interface RefundContext {
  readonly reason: string | null;
  readonly actor: AfterSaleActor;
  readonly runId: number | null;
}

export interface StoredRefund {
  readonly id: number;
  readonly orderId: number;
  readonly paymentId: number;
  readonly amount: number;
  readonly currency: string;
  readonly refundType: string;
  readonly gateway: GatewayName | null;
  /** The payment's processor id, what the processor refunds. */
  readonly paymentRef: string | null;
  readonly idempotencyKey: string;
  readonly status: RefundStatus;
  readonly refundRef: string | null;
  /** refundType GiftCertificate: the certificate credited (once settled), or the one named. */
  readonly giftCertificateCode?: string | null;
}

export type RefundDecision =
  | { readonly ok: true; readonly refunds: readonly NewRefund[] }
  | { readonly ok: false; readonly refusal: RefundRefused };

export type BeginRefunds =
  | { readonly kind: 'noOrder' }
  | { readonly kind: 'refused'; readonly refusal: RefundRefused }
  | { readonly kind: 'begun'; readonly refunds: readonly StoredRefund[] };

export class OrderRefunds extends Context.Service<
  OrderRefunds,
  {
    readonly state: (orderId: number) => Effect.Effect<OrderRefundState | null>;
    /**
     * ONE transaction: the order row locked (every refund and payment of this order waits here),
     * its balance and payments read afresh and handed to `decide`, the refunds it answers saved
     * pending, each with its own key (`refund:<id>`). Two refunds at once are judged one after
     * the other, so together they never give back more than is owed.
     */
    readonly begin: (
      orderId: number,
      context: RefundContext,
      decide: (state: OrderRefundState) => RefundDecision,
    ) => Effect.Effect<BeginRefunds>;
    /** A pending refund settled; false when it was not pending any more (another run did it). */
    readonly settle: (
      refundId: number,
      outcome:
        | { readonly status: 'succeeded'; readonly refundRef: string | null }
        | { readonly status: 'failed'; readonly message: string },
    ) => Effect.Effect<boolean>;
    /** The processor could not be reached: the refund stays pending with why, tried again later. */
    readonly postpone: (refundId: number, message: string) => Effect.Effect<void>;
    /** Pending refunds of one order, or (orderId null) all untouched for `olderThanSeconds`. */
    readonly pending: (filter: {
      readonly orderId: number | null;
      readonly olderThanSeconds: number;
      readonly limit: number;
    }) => Effect.Effect<readonly StoredRefund[]>;
    /**
     * A processor says a refund went through (Stripe's webhook): the pending refund with this
     * key, or already carrying this refund id, is marked succeeded. Answers the refunds it moved.
     */
    readonly confirm: (report: {
      readonly gateway: GatewayName;
      readonly refundRef: string;
      readonly idempotencyKey: string | null;
    }) => Effect.Effect<readonly StoredRefund[]>;
    readonly refund: (refundId: number) => Effect.Effect<StoredRefund | null>;
  }
>()('foyer/orders/OrderRefunds') {}
