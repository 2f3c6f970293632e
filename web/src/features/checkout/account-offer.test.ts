import { describe, expect, it } from 'vitest';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { offersAccount, withoutPassword } from './account-offer.ts';

const type = (PaymentType: ConsumerPaymentType['PaymentType']) =>
  ({ PaymentMethodId: 1, PaymentType, PaymentMethodName: PaymentType, Processor: 'Offline' }) as const;

describe('the offer to make an account at checkout', () => {
  it('is made only to a buyer known to be signed out', () => {
    expect(offersAccount(true, type('CreditCard'))).toBe(true);
    expect(offersAccount(false, type('CreditCard'))).toBe(false);
  });

  it('is made for payments our checkout completes, not for those that leave for another site', () => {
    expect(offersAccount(true, type('PayPal'))).toBe(true);
    expect(offersAccount(true, null)).toBe(true);
    expect(offersAccount(true, type('WorldPay'))).toBe(false);
    expect(offersAccount(true, type('Afterpay'))).toBe(false);
  });

  it('keeps the password out of calls that only prepare a payment', () => {
    const prepared = withoutPassword({
      PaymentType: 'PayPal' as const,
      HasJustRegistered: true,
      Password: 'correct horse',
      ConfirmPassword: 'correct horse',
    });
    expect(prepared).toEqual({ PaymentType: 'PayPal', HasJustRegistered: true });
  });
});
