import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clampQuantity, digitsOnly } from './quantity.ts';

describe('best-available quantity', () => {
  test.each([
    ['4', {}, { value: 4, warning: null }],
    ['20', {}, { value: 12, warning: 'AboveLimit' }],
    ['7', { limit: 6 }, { value: 6, warning: 'AboveLimit' }],
    ['0', {}, { value: 1, warning: 'BelowMinimum' }],
    ['', {}, { value: 1, warning: 'BelowMinimum' }],
    ['1', { minimum: 2 }, { value: 2, warning: 'BelowMinimum' }],
    ['3a', {}, { value: 3, warning: null }],
    ['4', { limit: 0 }, { value: 4, warning: null }],
  ])('%s with %o gives %o', (typed, rules, expected) => {
    expect(clampQuantity(typed, rules)).toEqual(expected);
  });

  test('digits only while typing', () => {
    expect(digitsOnly('1-2 x')).toBe('12');
    expect(digitsOnly('007')).toBe('7');
  });

  test('always a whole number within [minimum, limit], warning exactly when it was moved', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 10 }),
        (typed, limit, minimum) => {
          const { value, warning } = clampQuantity(typed, { limit, minimum });
          const low = Math.min(minimum, limit);
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(low);
          expect(value).toBeLessThanOrEqual(limit);
          const digits = digitsOnly(typed);
          const asked = digits === '' ? 0 : Number(digits);
          expect(warning === null).toBe(asked === value);
        },
      ),
    );
  });
});
