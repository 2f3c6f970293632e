import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BillingField } from '../../accounts/account-information.ts';
import {
  ADDRESS_PARTS,
  isPhone,
  isRewardsNumber,
  validateCheckout,
  type CheckoutForm,
  type CheckoutRules,
} from './validation.ts';

const BILLING: BillingField[] = [
  { Field: 'FirstName', Required: true, Enabled: true },
  { Field: 'LastName', Required: true, Enabled: true },
  { Field: 'Email', Required: true, Enabled: true },
  { Field: 'Phone', Required: false, Enabled: true },
  { Field: 'Address1', Required: true, Enabled: true },
  { Field: 'PostalCode', Required: true, Enabled: true },
  { Field: 'City', Required: true, Enabled: false },
];

const rules = (over: Partial<CheckoutRules> = {}): CheckoutRules => ({
  account: {
    BillingFields: BILLING,
    RequireTosAgreement: true,
    Countries: [
      { Code: 'US', Name: 'United States' },
      { Code: 'GB', Name: 'United Kingdom' },
    ],
  },
  deliveryMethod: { id: 1, fields: [{ Field: 'Email', Required: true }] },
  needsToken: true,
  needsPayPalOrder: false,
  ...over,
});

const complete: CheckoutForm = {
  paymentType: 'CreditCard',
  token: 'tok_1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  billTo: { Address1: '1 Theatre Row', PostalCode: '10001' },
  shipTo: {},
  acceptTermsOfService: true,
};

const blank = fc.constantFrom(undefined, null, '', '   ');

describe('checkout validation', () => {
  test('a complete form passes and fills in the defaults', () => {
    const result = validateCheckout(complete, rules());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.details.billTo.CountryCode).toBe('US');
    // No shipping address: ship to the billing address.
    expect(result.details.shipTo).toEqual({ ...result.details.billTo });
    expect(result.details.deliveryMethodId).toBe(1);
  });

  test('any required billing field left blank is named, with reqAllFields', () => {
    const required = ['FirstName', 'LastName', 'Email', 'BillToAddress1', 'BillToPostalCode'];
    fc.assert(
      fc.property(fc.subarray(required, { minLength: 1 }), blank, (dropped, empty) => {
        const form: CheckoutForm = {
          ...complete,
          firstName: dropped.includes('FirstName') ? empty : complete.firstName,
          lastName: dropped.includes('LastName') ? empty : complete.lastName,
          email: dropped.includes('Email') ? empty : complete.email,
          billTo: {
            Address1: dropped.includes('BillToAddress1') ? empty : '1 Theatre Row',
            PostalCode: dropped.includes('BillToPostalCode') ? empty : '10001',
          },
        };
        const result = validateCheckout(form, rules());
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.code).toBe('reqAllFields');
        expect([...result.fields].sort()).toEqual([...dropped].sort());
      }),
    );
  });

  test('fields that are optional or not enabled are never demanded', () => {
    fc.assert(
      fc.property(blank, blank, (phone, city) => {
        const result = validateCheckout(
          { ...complete, phone, billTo: { ...complete.billTo, City: city } },
          rules(),
        );
        expect(result.ok).toBe(true);
      }),
    );
  });

  test("the delivery method's required fields apply to the shipping address", () => {
    const post = {
      id: 3,
      fields: ADDRESS_PARTS.filter((p) => p !== 'Address2' && p !== 'Address3').map((Field) => ({
        Field,
        Required: Field !== 'State',
      })),
    };
    const withoutShipping = validateCheckout(complete, rules({ deliveryMethod: post }));
    // Billing has no city: shipping to it lacks one.
    expect(withoutShipping).toMatchObject({ ok: false, fields: ['ShipToCity'] });
    const shipped = validateCheckout(
      {
        ...complete,
        shipTo: { Address1: '2 Stage Door', City: 'London', PostalCode: 'WC2', CountryCode: 'gb' },
      },
      rules({ deliveryMethod: post }),
    );
    expect(shipped.ok).toBe(true);
    if (shipped.ok) expect(shipped.details.shipTo.CountryCode).toBe('GB');
  });

  test('Terms of Service must be accepted only when the account requires it', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (required, accepted) => {
        const base = rules();
        const result = validateCheckout(
          { ...complete, acceptTermsOfService: accepted },
          rules({ account: { ...base.account, RequireTosAgreement: required } }),
        );
        if (required && !accepted)
          expect(result).toEqual({
            ok: false,
            code: 'reqAcceptTermsOfService',
            fields: ['AcceptTermsOfService'],
          });
        else expect(result.ok).toBe(true);
      }),
    );
  });

  test('a phone needs at least one digit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (phone) => {
        const result = validateCheckout({ ...complete, phone }, rules());
        const hasDigit = /\d/.test(phone);
        expect(isPhone(phone)).toBe(hasDigit);
        if (phone.trim() === '') expect(result.ok).toBe(true);
        else if (!hasDigit)
          expect(result).toMatchObject({ ok: false, code: 'invalidFields', fields: ['Phone'] });
      }),
    );
  });

  test('an audience rewards id is exactly 9 digits when given', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z]{1,12}$/), (id) => {
        const result = validateCheckout({ ...complete, rewardsNumber: id }, rules());
        expect(result.ok).toBe(/^\d{9}$/.test(id));
        expect(isRewardsNumber(id)).toBe(/^\d{9}$/.test(id));
      }),
    );
  });

  test('an e-mail that is not an address is refused, and a card form needs a token', () => {
    const result = validateCheckout({ ...complete, email: 'ada@', token: null }, rules());
    expect(result).toEqual({ ok: false, code: 'reqAllFields', fields: ['Token', 'Email'] });
    // A resubmission after 3-D Secure names the payment instead of a token.
    expect(validateCheckout({ ...complete, token: null, paymentIntentId: 'pi_1' }, rules()).ok).toBe(true);
  });

  test('the card holder keeps only the last 30 characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (name) => {
        const result = validateCheckout({ ...complete, cardHolderName: `X${name}` }, rules());
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const held = [...`X${name}`.trim()];
        expect(result.details.cardHolderName).toBe(held.slice(-30).join(''));
      }),
    );
  });

  test('a country the box office does not serve is refused', () => {
    const result = validateCheckout(
      { ...complete, billTo: { ...complete.billTo, CountryCode: 'ZZ' } },
      rules(),
    );
    expect(result).toMatchObject({ ok: false, fields: ['BillToCountryCode', 'ShipToCountryCode'] });
  });
});
