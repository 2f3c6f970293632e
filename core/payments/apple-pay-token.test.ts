import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { APPLE_PAY_TOKEN_MAX_LENGTH, applePayCard, parseApplePayToken } from './apple-pay-token.ts';

const token = (overrides: Record<string, unknown> = {}) => ({
  paymentData: {
    version: 'EC_v1',
    data: 'c2VjcmV0IGNhcmQ=',
    signature: 'c2lnbmF0dXJl',
    header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'ab12' },
  },
  paymentMethod: { displayName: 'Visa 0224', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'AB12CD34',
  ...overrides,
});

describe('an Apple Pay payment token at checkout', () => {
  test('is read from its JSON: the encrypted data kept as is, the card named by the wallet', () => {
    const parsed = parseApplePayToken(JSON.stringify(token()));
    expect(parsed).toEqual({
      paymentData: token().paymentData,
      displayName: 'Visa 0224',
      network: 'Visa',
      transactionIdentifier: 'AB12CD34',
    });
    expect(applePayCard(parsed!)).toEqual({ brand: 'Visa', last4: '0224' });
    expect(applePayCard({ ...parsed!, network: 'AmEx', displayName: 'Amex 1005' })).toEqual({
      brand: 'AmericanExpress',
      last4: '1005',
    });
    expect(applePayCard({ ...parsed!, network: 'JCB', displayName: null })).toEqual({
      brand: 'Other',
      last4: null,
    });
  });

  test('a card token, broken JSON or a token without its encrypted data is not one', () => {
    expect(parseApplePayToken('pm_1Nabc')).toBeNull();
    expect(parseApplePayToken('tok_offline_x')).toBeNull();
    expect(parseApplePayToken('{"paymentData":')).toBeNull();
    expect(parseApplePayToken(JSON.stringify(token({ paymentData: 'x' })))).toBeNull();
    expect(parseApplePayToken(JSON.stringify(token({ transactionIdentifier: '' })))).toBeNull();
    const { signature: _s, ...unsigned } = token().paymentData;
    expect(parseApplePayToken(JSON.stringify(token({ paymentData: unsigned })))).toBeNull();
    const huge = token({
      paymentData: { ...token().paymentData, data: 'x'.repeat(APPLE_PAY_TOKEN_MAX_LENGTH) },
    });
    expect(parseApplePayToken(JSON.stringify(huge))).toBeNull();
  });

  test('never throws, whatever the browser sends', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const parsed = parseApplePayToken(text);
        if (parsed) expect(typeof parsed.transactionIdentifier).toBe('string');
      }),
    );
  });
});
