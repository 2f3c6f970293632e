import { describe, expect, it } from 'vitest';
import { fieldRules, type FormSetup } from './checkout-form.ts';
import { checkoutRequestOf } from './checkout-request.ts';

const rules = fieldRules({
  billingFields: [
    { Field: 'Phone', Required: false, Enabled: true },
    { Field: 'Address1', Required: true, Enabled: true },
    { Field: 'City', Required: true, Enabled: true },
    { Field: 'PostalCode', Required: true, Enabled: true },
    { Field: 'CountryCode', Required: true, Enabled: true },
    { Field: 'Organization', Required: false, Enabled: false },
  ],
  deliveryFields: [],
  shipElsewhere: false,
  enableRewards: false,
  requireTerms: true,
});

const values = {
  FirstName: ' Ada ',
  LastName: 'Lovelace',
  Email: 'ada@example.com',
  Phone: '',
  Organization: 'Analytical Engines Ltd',
  BillToAddress1: '1 Analytical Row',
  BillToCity: 'London',
  BillToPostalCode: 'N1 9GU',
  BillToCountryCode: 'GB',
  AcceptTermsOfService: true,
  CardNumber: '4242 4242 4242 4242',
  CardCvc: '123',
};

describe('the checkout request from the payment form', () => {
  const request = checkoutRequestOf({
    values,
    rules,
    paymentType: { PaymentType: 'CreditCard', PaymentMethodName: 'Card', PaymentMethodId: 1 },
    shipElsewhere: false,
    marketingOptInTagIds: [3],
    returnUrl: 'http://127.0.0.1/checkout/payment',
  });

  it('sends the shown fields trimmed, empty ones as null, hidden ones not at all', () => {
    expect(request).toMatchObject({
      PaymentType: 'CreditCard',
      PaymentMethodId: 1,
      FirstName: 'Ada',
      Email: 'ada@example.com',
      Phone: null,
      Organization: null,
      BillToCity: 'London',
      BillToState: null,
      AcceptTermsOfService: true,
      marketingOptInTagIds: [3],
    });
  });

  it('posts to the billing address unless told otherwise', () => {
    // The contract builds the address fields by name: read them as a plain record.
    const address = request as unknown as Record<string, unknown>;
    expect(address.ShipToAddress1).toBe('1 Analytical Row');
    expect(address.ShipToCountryCode).toBe('GB');
  });

  it('never carries the card itself', () => {
    const text = JSON.stringify(request);
    expect(text).not.toContain('4242');
    expect(text).not.toContain('CardNumber');
    expect(text).not.toContain('CardCvc');
  });
});

describe('register at checkout and the saved card in the request', () => {
  const setup: FormSetup = {
    billingFields: [],
    deliveryFields: [],
    shipElsewhere: false,
    enableRewards: false,
    requireTerms: false,
  };
  const paymentType = { PaymentType: 'CreditCard', PaymentMethodName: 'Card', PaymentMethodId: 1 } as const;
  const requestWith = (formSetup: FormSetup, extra: Record<string, string | boolean>) =>
    checkoutRequestOf({
      values: { ...values, ...extra },
      rules: fieldRules(formSetup),
      paymentType,
      shipElsewhere: false,
      marketingOptInTagIds: [],
      returnUrl: null,
    });

  it('sends HasJustRegistered with the password exactly as typed when the buyer ticked it', () => {
    const request = requestWith(
      { ...setup, offerAccount: true, register: true },
      { HasJustRegistered: true, Password: ' correct horse ', ConfirmPassword: ' correct horse ' },
    );
    expect(request).toMatchObject({
      HasJustRegistered: true,
      Password: ' correct horse ',
      ConfirmPassword: ' correct horse ',
      SaveCreditCard: false,
    });
  });

  it('sends no password when the tick box is not ticked or not offered (signed in)', () => {
    for (const request of [
      requestWith({ ...setup, offerAccount: true }, { HasJustRegistered: false, Password: 'correct horse' }),
      requestWith(setup, { HasJustRegistered: true, Password: 'correct horse' }),
    ]) {
      expect(request.HasJustRegistered).toBe(false);
      expect(request).not.toHaveProperty('Password');
      expect(request).not.toHaveProperty('ConfirmPassword');
    }
  });

  it('asks to keep the card only where the form offers it', () => {
    expect(requestWith({ ...setup, offerSaveCard: true }, { SaveCreditCard: true }).SaveCreditCard).toBe(
      true,
    );
    expect(requestWith(setup, { SaveCreditCard: true }).SaveCreditCard).toBe(false);
  });
});
