import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  orderCodeOf,
  sameMac,
  worldPayAmount,
  worldPayMacMessage,
  worldPayMacValid,
  worldPayReturnOf,
  type WorldPayReturn,
} from './worldpay-mac.ts';

const hmacWith = (secret: string) => (message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

const signed = (r: Omit<WorldPayReturn, 'mac2'>, secret: string): WorldPayReturn => ({
  ...r,
  mac2: hmacWith(secret)(worldPayMacMessage(r)),
});

// WorldPay's own worked example ("Securing payments", hosted integration).
const example = {
  orderKey: 'MYADMINCODE^MYMERCHANT^T0211010',
  paymentStatus: 'AUTHORISED',
  amount: '1400',
  currency: 'GBP',
  mac2: '856ff737b2987f21513b91992818d983ce9fed97847b15756c56493a23090415',
};

const field = fc.string({ minLength: 1, maxLength: 40 });
const aReturn = fc.record({
  orderKey: field,
  paymentStatus: fc.option(field, { nil: null }),
  amount: field,
  currency: field,
});

describe('the WorldPay redirect MAC (mac2)', () => {
  test("matches WorldPay's published example", () => {
    expect(worldPayMacMessage(example)).toBe('MYADMINCODE^MYMERCHANT^T0211010:1400:GBP:AUTHORISED');
    expect(worldPayMacValid(example, hmacWith('@p-p1epie'))).toBe(true);
    expect(worldPayMacValid(example, hmacWith('another secret'))).toBe(false);
  });

  test('a cancel signs orderKey:orderAmount:orderCurrency', () => {
    const r = worldPayReturnOf({ orderKey: 'A^M^X1', orderAmount: '500', orderCurrency: 'USD', mac2: 'ab' });
    expect(r).toEqual({
      orderKey: 'A^M^X1',
      paymentStatus: null,
      amount: '500',
      currency: 'USD',
      mac2: 'ab',
    });
    expect(worldPayMacMessage(r!)).toBe('A^M^X1:500:USD');
  });

  test('a correctly signed return verifies, whatever its fields', () => {
    fc.assert(
      fc.property(aReturn, field, (r, secret) => worldPayMacValid(signed(r, secret), hmacWith(secret))),
    );
  });

  test('any change to any signed field breaks the MAC', () => {
    const which = fc.constantFrom('orderKey', 'paymentStatus', 'amount', 'currency' as const);
    fc.assert(
      fc.property(aReturn, field, which, field, (r, secret, name, replacement) => {
        const original = signed(r, secret);
        fc.pre(original[name] !== replacement);
        const tampered = { ...original, [name]: replacement };
        return !worldPayMacValid(tampered, hmacWith(secret));
      }),
    );
  });

  test('a MAC made with another secret never verifies', () => {
    fc.assert(
      fc.property(aReturn, field, field, (r, secret, other) => {
        fc.pre(secret !== other);
        return !worldPayMacValid(signed(r, other), hmacWith(secret));
      }),
    );
  });

  test('sameMac is equality of hex text, case-insensitive, and never true for empty', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{0,64}$/);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        expect(sameMac(a, b)).toBe(a === b && a.length > 0);
        expect(sameMac(a, b.toUpperCase())).toBe(a === b && a.length > 0);
      }),
    );
    expect(sameMac('abc', 'abcd')).toBe(false);
    expect(sameMac('abcd', 'abc')).toBe(false);
  });

  test('a return missing a signed field is not read', () => {
    expect(worldPayReturnOf({ orderKey: 'k', paymentStatus: 'AUTHORISED', paymentAmount: '1' })).toBeNull();
    expect(
      worldPayReturnOf({
        paymentStatus: 'AUTHORISED',
        paymentAmount: '1',
        paymentCurrency: 'USD',
        mac2: 'a',
      }),
    ).toBeNull();
    expect(
      worldPayReturnOf({ orderKey: 'k', paymentAmount: '1', paymentCurrency: 'USD', mac2: 'a' }),
    ).toBeNull();
  });

  test('order code and amount', () => {
    expect(orderCodeOf('MYADMINCODE^MYMERCHANT^T0211010')).toBe('T0211010');
    expect(worldPayAmount('1400')).toBe(1400);
    expect(worldPayAmount('14.00')).toBeNull();
    expect(worldPayAmount('-5')).toBeNull();
  });
});
