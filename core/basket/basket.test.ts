import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isLive, isSeriesProduct, partialKey, secondsTilExpiration } from './basket.ts';

describe('SecondsTilExpiration', () => {
  test('whole seconds rounded down, never negative: 0 means the seats are already free', () => {
    expect(secondsTilExpiration(899.7)).toBe(899);
    expect(secondsTilExpiration(0.4)).toBe(0);
    expect(secondsTilExpiration(-12)).toBe(0);
    expect(secondsTilExpiration(Number.NaN)).toBe(0);
  });

  test('never promises more time than the database says is left', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (left) => {
        const shown = secondsTilExpiration(left);
        expect(Number.isInteger(shown)).toBe(true);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(Math.max(0, left));
      }),
    );
  });

  test('a basket is live while Active with time left', () => {
    expect(isLive({ status: 'Active', secondsLeft: 3 })).toBe(true);
    expect(isLive({ status: 'Active', secondsLeft: 0 })).toBe(false);
    expect(isLive({ status: 'Expired', secondsLeft: 300 })).toBe(false);
    expect(isLive({ status: 'Completed', secondsLeft: 300 })).toBe(false);
  });
});

describe("PartialKey: a ticket's place without its seat", () => {
  const segment = fc.stringMatching(/^[A-Z0-9]{1,6}$/);

  test('a seat key loses its seat number; a GA key is kept whole', () => {
    expect(partialKey({ key: 'STALLS-F-12', isGa: false })).toBe('STALLS-F');
    expect(partialKey({ key: 'UPPER-CIRCLE-A-3', isGa: false })).toBe('UPPER-CIRCLE-A');
    expect(partialKey({ key: 'GA-FLOOR', isGa: true })).toBe('GA-FLOOR');
  });

  test('the seat key is the partial key, a dash and the seat', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), segment, (place, seat) => {
        const key = [...place, seat].join('-');
        expect(partialKey({ key, isGa: false })).toBe(place.join('-'));
        expect(`${partialKey({ key, isGa: false })}-${seat}`).toBe(key);
        expect(partialKey({ key, isGa: true })).toBe(key);
      }),
    );
  });
});

describe('series products', () => {
  test('a product without a performance of its own is sold with the whole series', () => {
    expect(isSeriesProduct({ eventId: null })).toBe(true);
    expect(isSeriesProduct({ eventId: 7 })).toBe(false);
  });
});
