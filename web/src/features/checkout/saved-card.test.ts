import { describe, expect, it } from 'vitest';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { sameChoice, savedCardTypeOf, savedCardWords, stripeCardTypeOf } from './saved-card.ts';

const type = (PaymentType: ConsumerPaymentType['PaymentType'], Processor: string, id = 1) =>
  ({ PaymentMethodId: id, PaymentType, PaymentMethodName: PaymentType, Processor }) as ConsumerPaymentType;

describe('the saved card as a way to pay', () => {
  it('is offered only where cards go through Stripe (the offline processor keeps none)', () => {
    expect(stripeCardTypeOf([type('CreditCard', 'Offline'), type('PayPal', 'PayPal', 2)])).toBeUndefined();
    const stripe = type('CreditCard', 'Stripe');
    expect(stripeCardTypeOf([type('PayPal', 'PayPal', 2), stripe])).toBe(stripe);
  });

  it('pays as SavedCard with the card type’s method, and is told apart from a new card', () => {
    const card = type('CreditCard', 'Stripe');
    const saved = savedCardTypeOf(card);
    expect(saved).toMatchObject({ PaymentType: 'SavedCard', PaymentMethodId: 1, Processor: 'Stripe' });
    expect(sameChoice(saved, card)).toBe(false);
    expect(sameChoice(saved, savedCardTypeOf(card))).toBe(true);
    expect(sameChoice(null, card)).toBe(false);
  });

  it('names the card by brand and last 4, or by last 4 alone', () => {
    expect(savedCardWords({ CCStripeID: 'pm_1', CCLast4: '4242', CardBrand: 'Visa' })).toEqual({
      brand: 'Visa',
      last4: '4242',
    });
    expect(savedCardWords({ CCStripeID: 'pm_1', CCLast4: '0005', CardBrand: null }).brand).toBeNull();
  });
});
