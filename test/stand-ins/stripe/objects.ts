import { randomBytes } from 'node:crypto';

// Stripe-shaped objects and the test cards of https://docs.stripe.com/testing, by payment
// method id as Stripe.js would hand them to the server.

export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);

export type Behaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; decline_code: string | null; message: string }
  | { kind: 'authenticate' };

export interface TestCard {
  brand: string;
  last4: string;
  behaviour: Behaviour;
}

const declined = (code: string, decline_code: string | null, message: string): Behaviour => ({
  kind: 'decline',
  code,
  decline_code,
  message,
});

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: { kind: 'succeed' } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: { kind: 'succeed' } },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: { kind: 'succeed' } },
  pm_card_discover: { brand: 'discover', last4: '1117', behaviour: { kind: 'succeed' } },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    behaviour: declined('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    behaviour: declined('expired_card', 'expired_card', 'Your card has expired.'),
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    behaviour: declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    behaviour: declined(
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ),
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: { kind: 'authenticate' } },
};

/**
 * The test card numbers Stripe.js turns into these payment methods (docs.stripe.com/testing);
 * any other number passing Luhn succeeds with the brand its digits say.
 */
export const TEST_CARD_NUMBERS: Record<string, TestCard> = {
  '4242424242424242': TEST_CARDS.pm_card_visa!,
  '5555555555554444': TEST_CARDS.pm_card_mastercard!,
  '378282246310005': { brand: 'amex', last4: '0005', behaviour: { kind: 'succeed' } },
  '6011111111111117': TEST_CARDS.pm_card_discover!,
  '4000000000000002': TEST_CARDS.pm_card_chargeDeclined!,
  '4000000000009995': TEST_CARDS.pm_card_chargeDeclinedInsufficientFunds!,
  '4000000000000069': TEST_CARDS.pm_card_chargeDeclinedExpiredCard!,
  '4000000000000127': TEST_CARDS.pm_card_chargeDeclinedIncorrectCvc!,
  '4000000000000119': TEST_CARDS.pm_card_chargeDeclinedProcessingError!,
  '4000002500003155': { brand: 'visa', last4: '3155', behaviour: { kind: 'authenticate' } },
  '4000002760003184': TEST_CARDS.pm_card_authenticationRequired!,
};

export const brandOfNumber = (number: string): string =>
  /^4/.test(number)
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(number)
      ? 'mastercard'
      : /^3[47]/.test(number)
        ? 'amex'
        : /^6(011|5)/.test(number)
          ? 'discover'
          : 'unknown';

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card' | 'afterpay_clearpay';
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  billing_details: Record<string, unknown>;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
    /** Set for a card from a wallet's token (Apple Pay), as Stripe shows it. */
    wallet?: { type: 'apple_pay'; apple_pay: Record<string, never> } | null;
  } | null;
  /** Not Stripe's: how this card behaves when charged. */
  behaviour: Behaviour;
}

export const cardPaymentMethod = (card: TestCard): PaymentMethod => ({
  id: newId('pm'),
  object: 'payment_method',
  type: 'card',
  created: now(),
  customer: null,
  livemode: false,
  metadata: {},
  billing_details: {},
  card: {
    brand: card.brand,
    last4: card.last4,
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    funding: 'credit',
    country: 'US',
  },
  behaviour: card.behaviour,
});

export const afterpayPaymentMethod = (): PaymentMethod => ({
  id: newId('pm'),
  object: 'payment_method',
  type: 'afterpay_clearpay',
  created: now(),
  customer: null,
  livemode: false,
  metadata: {},
  billing_details: {},
  card: null,
  behaviour: { kind: 'succeed' },
});

/** What the API shows of a payment method (without the stand-in's behaviour). */
export const showPaymentMethod = ({ behaviour: _behaviour, ...pm }: PaymentMethod) => ({
  ...pm,
  ...(pm.type === 'card' ? {} : { card: undefined, afterpay_clearpay: {} }),
});

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed' | 'pending';
  failure_code: string | null;
  failure_message: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: Record<string, unknown>;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  client_secret: string;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  confirmation_method: 'automatic';
  created: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  customer: string | null;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: string | null;
  shipping: Record<string, unknown> | null;
  /** Not Stripe's: where the customer returns after an off-site step. */
  return_url?: string | null;
}

export const stripeError = (
  status: number,
  error: { type: string; message: string; code?: string; param?: string; [more: string]: unknown },
) => ({ status, body: { error } });

/** A card token made from an Apple Pay payment token (POST /v1/tokens with pk_token). */
export interface CardToken {
  id: string;
  object: 'token';
  type: 'card';
  card: {
    id: string;
    object: 'card';
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
    tokenization_method: 'apple_pay';
  };
  client_ip: null;
  created: number;
  livemode: false;
  used: boolean;
}

/** Stripe's card object names the brands in words; payment methods in lower case. */
export const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Unknown',
};
