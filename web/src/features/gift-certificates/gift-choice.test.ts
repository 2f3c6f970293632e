import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToApply, amountWithin, chosenAmount, coversTotal } from './gift-choice.ts';

describe('the gift certificate amount', () => {
  it('reads a typed amount back to its minor units, whatever whole amount with up to two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const typed = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(chosenAmount({ kind: 'custom', typed })).toBe(whole * 100 + cents);
      }),
    );
    expect(chosenAmount({ kind: 'custom', typed: '12,5' })).toBe(1250);
    expect(chosenAmount({ kind: 'custom', typed: '12.345' })).toBeNull();
    expect(chosenAmount({ kind: 'custom', typed: 'ten' })).toBeNull();
    expect(chosenAmount(null)).toBeNull();
  });

  it('is within the limits exactly when between Minimum and Maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (amount) => {
        expect(amountWithin(amount, { Minimum: 1000, Maximum: 100_000 })).toBe(
          amount >= 1000 && amount <= 100_000,
        );
      }),
    );
  });

  it('applies the balance or what is due, whichever is less', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: -5, max: 1_000_000 }), (balance, due) => {
        const applied = amountToApply(balance, due);
        expect(applied).toBe(Math.max(0, Math.min(balance, due)));
      }),
    );
  });

  it('covers the total exactly when what is applied is all that is due (a free order needs no certificate)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (balance, total) => {
        expect(coversTotal(amountToApply(balance, total), total)).toBe(total > 0 && balance >= total);
      }),
    );
  });
});
