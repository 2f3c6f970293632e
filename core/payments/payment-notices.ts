import { Context, type Effect } from 'effect';
import type { GatewayName, PaymentState } from './ports.ts';

// What a payment processor told Foyer on its own (Stripe webhooks), kept so that a payment that
// succeeded after the buyer left (3-D Secure finished late, Afterpay, a crash between charge and
// order) is found: reconciliation asks `succeededSince` and makes the missing orders; a checkout
// retry can ask `byKey` before charging again.

export interface PaymentNotice {
  readonly gateway: GatewayName;
  readonly state: PaymentState;
  readonly currency: string;
  /** The order attempt's idempotency key, when the payment carries it (metadata). */
  readonly idempotencyKey: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly updatedAt: Date;
}

export class PaymentNotices extends Context.Service<
  PaymentNotices,
  {
    /** The latest reported state of the payment made with this key; null if none was reported. */
    readonly byKey: (idempotencyKey: string) => Effect.Effect<PaymentNotice | null>;
    /** Payments reported succeeded at or after `since`, oldest first. */
    readonly succeededSince: (since: Date) => Effect.Effect<readonly PaymentNotice[]>;
  }
>()('foyer/payments/PaymentNotices') {}
