import type { SavedCard } from '../../../../adapters/http/contract/account.ts';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { isStripeCard } from './pay-context.ts';

// The signed-in customer's saved card as a way to pay (PaymentType SavedCard with its
// CCStripeID). Cards are kept only by Stripe: with the offline test processor there is
// none to offer and none to save. Pure.

/** The card payment type that takes cards through Stripe, if the page has one. */
export const stripeCardTypeOf = (types: readonly ConsumerPaymentType[]): ConsumerPaymentType | undefined =>
  types.find(isStripeCard);

/** The saved card as a payment choice: the Stripe card type's method, paid as SavedCard. */
export const savedCardTypeOf = (cardType: ConsumerPaymentType): ConsumerPaymentType => ({
  ...cardType,
  PaymentType: 'SavedCard',
});

/** Two choices are the same when both type and method are (the saved card shares the card's method). */
export const sameChoice = (a: ConsumerPaymentType | null, b: ConsumerPaymentType | null): boolean =>
  a !== null && b !== null && a.PaymentType === b.PaymentType && a.PaymentMethodId === b.PaymentMethodId;

/** The words' parts for "Pay with Visa ending in 4242" (no brand: "the card ending in 4242"). */
export const savedCardWords = (card: SavedCard): { brand: string | null; last4: string } => ({
  brand: card.CardBrand?.trim() || null,
  last4: card.CCLast4,
});
