import { Data } from 'effect';

// Expected outcomes of checkout and order calls, each with a stable code (the _tag) and the
// data its message needs. The HTTP edge words them (adapters/http/errors.ts).

/**
 * The checkout form is not complete or not valid. Nothing was charged and
 * the basket is untouched. `code` says which message the form shows first.
 */
export class CheckoutInvalid extends Data.TaggedError('CheckoutInvalid')<{
  readonly code: 'reqAllFields' | 'reqAcceptTermsOfService' | 'invalidFields' | 'binRestricted';
  /** The request's field names that need attention (FirstName, BillToPostalCode, Token, ...). */
  readonly fields: readonly string[];
}> {}

/** The issuer refused the card; nothing was charged. `message` is the gateway's words. */
export class PaymentDeclined extends Data.TaggedError('PaymentDeclined')<{
  readonly code: string;
  readonly message: string;
}> {}

/** 3-D Secure (or another customer step) is needed; resubmit with the paymentRef afterwards. */
export class PaymentRequiresAction extends Data.TaggedError('PaymentRequiresAction')<{
  readonly paymentRef: string;
  readonly clientSecret: string;
  readonly actionUrl: string | null;
}> {}

/** The payment processor could not be reached: nothing is known to be charged (502). */
export class PaymentGatewayDown extends Data.TaggedError('PaymentGatewayDown')<{
  readonly gateway: string;
}> {}

/**
 * The card was charged but the seats could not be sold (the basket ran out and someone else took
 * them, or the basket changed while paying): the money goes back. `refunded` is false while the
 * refund waits for the gateway (the reconciliation job finishes it).
 */
export class PaymentRefunded extends Data.TaggedError('PaymentRefunded')<{
  readonly takenSeats: readonly string[];
  readonly refunded: boolean;
}> {}

/** The idempotency key was already used for another basket. */
export class IdempotencyKeyReused extends Data.TaggedError('IdempotencyKeyReused')<{
  readonly idempotencyKey: string;
}> {}

/** The order is not the caller's (no session or basket of theirs made it). */
export class OrderUnauthorized extends Data.TaggedError('OrderUnauthorized')<{
  readonly orderId: number;
}> {}

/**
 * The basket holds an exchange's new seats (baskets.is_exchange): it is settled by completing the
 * exchange (core/orders/exchanges/complete.ts), never sold as a new order. Nothing was charged.
 */
export class ExchangeBasketNotForSale extends Data.TaggedError('ExchangeBasketNotForSale')<{
  readonly basketId: string;
  /** The order being exchanged. */
  readonly orderId: number | null;
}> {}

/**
 * The basket holds tickets of events cancelled since they were chosen (events.status
 * 'Cancelled'). Nothing was charged and the basket is kept: the buyer removes those items.
 */
export class CheckoutEventCancelled extends Data.TaggedError('CheckoutEventCancelled')<{
  readonly events: readonly { readonly id: number; readonly name: string }[];
}> {}

/** The robot check is configured and this basket has not passed it lately. Nothing was charged. */
export class RobotCheckRequired extends Data.TaggedError('RobotCheckRequired')<{
  readonly basketId: string;
}> {}

/** The robot check's provider could not be asked. Nothing was charged. */
export class RobotCheckUnavailable extends Data.TaggedError('RobotCheckUnavailable')<Record<never, never>> {}

export type CheckoutError =
  | CheckoutInvalid
  | RobotCheckRequired
  | RobotCheckUnavailable
  | PaymentDeclined
  | PaymentRequiresAction
  | PaymentGatewayDown
  | PaymentRefunded
  | IdempotencyKeyReused
  | ExchangeBasketNotForSale
  | CheckoutEventCancelled;
