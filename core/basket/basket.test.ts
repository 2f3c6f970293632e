import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isLive, secondsTilExpiration } from './basket.ts';

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
