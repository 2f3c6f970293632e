import { Context, type Effect } from 'effect';
import type { CardFacts } from '../payments/ports.ts';
import type { HouseSeatRequest } from './house-seat-request.ts';
import type { PaymentRequest, PaymentRequestFields } from './payment-request.ts';

// What group sales need from the world: the payment requests and the payments made on them.

/** One attempt to pay a request, saved with its idempotency key before the gateway is called. */
export interface GroupPayment {
  readonly id: number;
  readonly requestId: number;
  readonly idempotencyKey: string;
  readonly gateway: string;
  readonly amount: number;
  readonly currency: string;
  /**
   * refunded: charged after another payment had paid the request, and given back at once;
   * failed: the same, but giving it back failed (the reason says what to do).
   */
  readonly status: 'pending' | 'requires_action' | 'succeeded' | 'declined' | 'refunded' | 'failed';
  /** Why a payment is refunded or failed. */
  readonly reason: string | null;
  readonly paymentRef: string | null;
  readonly card: CardFacts | null;
  readonly payerName: string | null;
  readonly payerEmail: string | null;
  readonly createdAt: Date;
}

export interface StartPayment {
  readonly requestId: number;
  readonly idempotencyKey: string;
  readonly gateway: string;
  readonly amount: number;
  readonly currency: string;
  readonly card: CardFacts | null;
  readonly payerName: string;
  readonly payerEmail: string;
}

export class PaymentRequests extends Context.Service<
  PaymentRequests,
  {
    readonly create: (
      fields: PaymentRequestFields,
      paymentCode: string,
      createdBy: number | null,
    ) => Effect.Effect<PaymentRequest>;
    /** Newest first. */
    readonly list: () => Effect.Effect<readonly PaymentRequest[]>;
    readonly find: (id: number) => Effect.Effect<PaymentRequest | null>;
    /**
     * The attempt with this key, saved now if new. `otherRequest` when the key was used for
     * another request (nothing is saved).
     */
    readonly startPayment: (
      start: StartPayment,
    ) => Effect.Effect<{ readonly payment: GroupPayment } | { readonly otherRequest: true }>;
    /** What the gateway said short of success (3-D Secure asked, or declined). */
    readonly recordOutcome: (
      paymentId: number,
      status: 'requires_action' | 'declined',
      paymentRef: string | null,
    ) => Effect.Effect<void>;
    /**
     * The payment succeeded: it and its request marked paid in one transaction. `alreadyPaid` when
     * another payment of the request succeeded first (this one must be given back).
     */
    readonly markPaid: (
      paymentId: number,
      paymentRef: string,
      card: CardFacts | null,
    ) => Effect.Effect<'paid' | 'alreadyPaid'>;
    /**
     * A charge that lost the race for its request (markPaid said `alreadyPaid`): refunded, or
     * failed when the refund did not go through, with the reason. A succeeded payment is never
     * changed.
     */
    readonly markLost: (
      paymentId: number,
      status: 'refunded' | 'failed',
      paymentRef: string,
      reason: string,
    ) => Effect.Effect<void>;
    readonly payment: (paymentId: number) => Effect.Effect<GroupPayment | null>;
    /** The request's succeeded payment, if any. */
    readonly paidBy: (requestId: number) => Effect.Effect<GroupPayment | null>;
    readonly cancel: (requestId: number) => Effect.Effect<'cancelled' | 'notOpen' | 'notFound'>;
  }
>()('foyer/group-sales/PaymentRequests') {}

export interface NewHouseSeatRequest {
  readonly eventId: number;
  readonly paymentCode: string;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly seatKeys: readonly string[];
  readonly paymentRequired: boolean;
  readonly basketId: string;
  readonly createdBy: number | null;
}

export class HouseSeatRequests extends Context.Service<
  HouseSeatRequests,
  {
    readonly create: (request: NewHouseSeatRequest) => Effect.Effect<HouseSeatRequest>;
    readonly find: (id: number) => Effect.Effect<HouseSeatRequest | null>;
    /** By its code; `eventTemplateId` narrows to one series' events when given. */
    readonly byCode: (code: string, eventTemplateId: number | null) => Effect.Effect<HouseSeatRequest | null>;
    /** open -> redeemed or cancelled, once: false when it was not open any more. */
    readonly close: (id: number, status: 'redeemed' | 'cancelled') => Effect.Effect<boolean>;
  }
>()('foyer/group-sales/HouseSeatRequests') {}
