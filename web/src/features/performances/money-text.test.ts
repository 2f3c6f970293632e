import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountText, percentText, readAmountBox, readPercent } from './money-text.ts';

describe("the price grid's boxes", () => {
  it('read back what they show, in every locale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom('en-us', 'fr-fr', 'de-de', 'en-gb', 'ja-jp'),
        (minor, locale) => {
          expect(readAmountBox(amountText(minor, locale), locale)).toEqual({ amount: minor });
        },
      ),
    );
  });

  it('take a decimal comma, and leave an empty box empty', () => {
    expect(readAmountBox('12,50', 'en-us')).toEqual({ amount: 1250 });
    expect(readAmountBox('  ', 'en-us')).toEqual({ empty: true });
    expect(readAmountBox('twelve', 'en-us')).toBeNull();
  });

  it('read percentages to two places, at most 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(readPercent(percentText(bp))).toBe(bp);
      }),
    );
    expect(readPercent('2,5')).toBe(250);
    expect(readPercent('101')).toBeNull();
  });
});
