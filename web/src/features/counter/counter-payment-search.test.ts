import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validateCounterPaymentSearch } from './counter-payment-search.ts';

describe('the payment page query string', () => {
  test('an order id, as a number or text, is kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (id) => {
        expect(validateCounterPaymentSearch({ orderId: id })).toEqual({ orderId: id });
        expect(validateCounterPaymentSearch({ orderId: ` ${id} ` })).toEqual({ orderId: id });
      }),
    );
  });

  test('anything else is dropped, not refused', () => {
    for (const orderId of [undefined, '', '0', '-3', '1.5', 'F0000012', '1e3', '1234567890', null, {}])
      expect(validateCounterPaymentSearch({ orderId })).toEqual({});
  });
});
