import { Context, Data, type Effect } from 'effect';

// The payment gateway port: core never talks to a processor itself. One shape for every processor:
// the offline test processor (default), Stripe, PayPal and WorldPay's hosted page. Contract for
// implementers:
// - `charge` may move money. It is called with an idempotency key the caller saved BEFORE the
//   first attempt; calling it again with the same key must never charge twice (it answers the
//   first attempt's outcome).
// - `retrieve` and `findByKey` never move money: they tell what happened, so a crash between a
//   charge and its order is repaired (on retry and by the periodic reconciliation job).
// - A card number never reaches Foyer's server or database: the browser turns the card into a
//   token (Stripe.js, or the offline processor's tokenise call), the gateway sees only the token.

export type GatewayName = 'Offline' | 'Stripe' | 'PayPal' | 'WorldPay';

export interface CardFacts {
  readonly brand: string; // Visa, MasterCard, AmericanExpress, Discover, Other
  readonly bin: string; // first 6 digits
  readonly last4: string;
}

export interface ChargeRequest {
  /** Saved with the order attempt before the first call; the same key answers the same charge. */
  readonly idempotencyKey: string;
  /** Minor units of `currency` (ISO 4217, e.g. USD). */
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  /** A one-time token / payment method id made in the browser; null with savedCardId or resume. */
  readonly token: string | null;
  /** A saved card (gateway's id) of the logged-in customer. */
  readonly savedCardId: string | null;
  /** Resubmitting after the customer authenticated (3-D Secure): the gateway payment to confirm. */
  readonly paymentRef: string | null;
  /** Keep the card for the customer (gateway customer id), when the gateway supports it. */
  readonly saveCardFor: { readonly customerRef: string | null; readonly email: string } | null;
  /** Where the customer returns after an off-site step (3-D Secure, Afterpay, WorldPay). */
  readonly returnUrl: string | null;
  /** Copied to the gateway's payment so it can be found again (basket id, attempt id). */
  readonly metadata: Readonly<Record<string, string>>;
  /**
   * WorldPay hosted page: the return URL's parameters (checkout's WorldPayData: orderKey,
   * paymentStatus, paymentAmount, paymentCurrency, mac2). Other gateways ignore it.
   */
  readonly worldPayData?: Readonly<Record<string, string>> | null;
}

export type ChargeOutcome =
  | {
      readonly status: 'succeeded';
      /** The gateway's payment id (pi_..., offline_pay_..., PayPal capture id, WorldPay order key). */
      readonly paymentRef: string;
      readonly amount: number;
      readonly card: CardFacts | null;
      /** Set when the card was saved for the customer. */
      readonly savedCard: { readonly customerRef: string; readonly savedCardId: string } | null;
    }
  | {
      /** 3-D Secure or another customer step: answer 422 RequiresAction, then resubmit with paymentRef. */
      readonly status: 'requires_action';
      readonly paymentRef: string;
      readonly clientSecret: string;
      /** A page the browser can open for the step (offline processor, hosted pages). */
      readonly actionUrl: string | null;
    }
  | {
      /** Refused by the issuer; nothing was charged. */
      readonly status: 'declined';
      readonly paymentRef: string | null;
      readonly code:
        | 'card_declined'
        | 'insufficient_funds'
        | 'expired_card'
        | 'incorrect_cvc'
        | 'processing_error'
        | 'authentication_failed'
        /** PayPal: the order id sent at checkout is not the one created for this basket (PayPalOrderIdMismatch). */
        | 'paypal_order_mismatch';
      readonly message: string;
    };

/** What a gateway knows of a payment, found again without moving money. */
export type PaymentState =
  | {
      readonly status: 'succeeded';
      readonly paymentRef: string;
      readonly amount: number;
      readonly card: CardFacts | null;
    }
  | { readonly status: 'pending'; readonly paymentRef: string }
  | { readonly status: 'failed'; readonly paymentRef: string }
  | { readonly status: 'canceled'; readonly paymentRef: string };

/** The gateway could not be reached or answered nonsense: nothing is known to be charged. */
export class GatewayUnavailable extends Data.TaggedError('GatewayUnavailable')<{
  readonly gateway: GatewayName;
  readonly detail: string;
}> {}

/**
 * The processor answered and will not give this money back (already refunded, more than is left,
 * a payment it cannot refund): asking again with the same key will not change its mind.
 */
export class RefundDeclined extends Data.TaggedError('RefundDeclined')<{
  readonly gateway: GatewayName;
  readonly detail: string;
}> {}

export interface SavedCard {
  readonly savedCardId: string; // CCStripeID on the wire
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/** One processor's side of a payment. Adapters under adapters/<gateway>/ build one of these. */
export interface PaymentGatewayShape {
  readonly name: GatewayName;
  readonly charge: (request: ChargeRequest) => Effect.Effect<ChargeOutcome, GatewayUnavailable>;
  /** The payment as the gateway knows it now (after 3-D Secure, for reconciliation). */
  readonly retrieve: (paymentRef: string) => Effect.Effect<PaymentState | null, GatewayUnavailable>;
  /** The payment made with this idempotency key, if the gateway ever saw it. */
  readonly findByKey: (idempotencyKey: string) => Effect.Effect<PaymentState | null, GatewayUnavailable>;
  /** Gives money back; `amount` in minor units, never more than was charged. */
  readonly refund: (
    paymentRef: string,
    amount: number,
    idempotencyKey: string,
  ) => Effect.Effect<{ readonly refundRef: string }, GatewayUnavailable | RefundDeclined>;
  readonly savedCards: (customerRef: string) => Effect.Effect<readonly SavedCard[], GatewayUnavailable>;
  readonly deleteSavedCard: (
    customerRef: string,
    savedCardId: string,
  ) => Effect.Effect<void, GatewayUnavailable>;
}

/**
 * The gateways this installation takes payments with: cards (and wallets, Afterpay) go to the
 * card processor (Stripe with STRIPE_SECRET_KEY, else the offline test processor); PayPal and
 * WorldPay only when configured (null otherwise, and their payment types are not offered).
 */
export class PaymentGateways extends Context.Service<
  PaymentGateways,
  {
    readonly card: PaymentGatewayShape;
    readonly paypal: PaymentGatewayShape | null;
    readonly worldpay: PaymentGatewayShape | null;
  }
>()('foyer/payments/PaymentGateways') {}
