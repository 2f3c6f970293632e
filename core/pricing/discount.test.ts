import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { discountFor, discountedPrice, type Discount } from './discount.ts';

const discountArb: fc.Arbitrary<Discount> = fc.record({
  promotionId: fc.nat(),
  kind: fc.constantFrom('Percent', 'Amount'),
  value: fc.integer({ min: 0, max: 20_000 }),
  lockedPriceTypeIds: fc.subarray([10, 11, 12]),
});

describe('promotion discounts', () => {
  test('a percentage in basis points comes off the face value, rounded half up in the buyer’s favour', () => {
    expect(discountedPrice(8500, { kind: 'Percent', value: 1000 })).toBe(7650);
    expect(discountedPrice(1005, { kind: 'Percent', value: 1000 })).toBe(904); // 100.5 off rounds to 101
    expect(discountedPrice(8500, { kind: 'Percent', value: 10_000 })).toBe(0);
  });

  test('an amount comes off each ticket and never takes it below zero', () => {
    expect(discountedPrice(7500, { kind: 'Amount', value: 2000 })).toBe(5500);
    expect(discountedPrice(1500, { kind: 'Amount', value: 2000 })).toBe(0);
  });

  test('a discount never increases a price and never makes it negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), discountArb, (face, discount) => {
        const price = discountedPrice(face, discount);
        expect(price).toBeLessThanOrEqual(face);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(price)).toBe(true);
      }),
    );
  });

  test('a promotion locked to price types discounts only those types', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        discountArb,
        fc.constantFrom(10, 11, 12),
        (face, discount, type) => {
          const result = discountFor(face, type, discount);
          const applies =
            discount.lockedPriceTypeIds.length === 0 || discount.lockedPriceTypeIds.includes(type);
          expect(result === null).toBe(!applies);
        },
      ),
    );
  });

  test('no promotion, no discounted price', () => {
    expect(discountFor(5000, 10, undefined)).toBeNull();
  });
});
