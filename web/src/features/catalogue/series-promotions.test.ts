import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePromotions, outletPromotion, presalePromotions, readMoreCut } from './series-promotions.ts';

const promotion = (
  ID: number,
  over: Partial<Record<'IsOutletSale' | 'PromoStarted' | 'PromoEnded' | 'IsPresale', boolean>> = {},
) => ({
  ID,
  IsOutletSale: false,
  PromoStarted: true,
  PromoEnded: false,
  IsPresale: false,
  ...over,
});

describe('the series’ promotions', () => {
  it('auto-applies the first running outlet sale', () => {
    const list = [
      promotion(1),
      promotion(5, { IsOutletSale: true, PromoStarted: false }),
      promotion(7, { IsOutletSale: true }),
      promotion(9, { IsOutletSale: true }),
    ];
    expect(outletPromotion(list)?.ID).toBe(7);
    expect(outletPromotion([promotion(1)])).toBeNull();
  });

  it('lists code promotions (not outlet sales, not ended) and picks the presale ones for the overlay', () => {
    const list = [
      promotion(1),
      promotion(2, { IsPresale: true }),
      promotion(3, { IsPresale: true, PromoEnded: true }),
      promotion(7, { IsOutletSale: true }),
    ];
    expect(codePromotions(list).map((p) => p.ID)).toEqual([1, 2]);
    expect(presalePromotions(list).map((p) => p.ID)).toEqual([2]);
  });

  it('cuts long instructions at a word for read-more, and leaves short ones whole', () => {
    expect(readMoreCut('Enter the presale code.', 80)).toEqual({
      short: 'Enter the presale code.',
      isCut: false,
    });
    expect(readMoreCut('Enter the one-time group code your group organiser gave you.', 30)).toEqual({
      short: 'Enter the one-time group code',
      isCut: true,
    });
  });

  it('a cut is a prefix of the text, no longer than asked, and marked as cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 10, max: 120 }), (text, max) => {
        const clean = text.trim().replace(/\s+/g, ' ');
        const { short, isCut } = readMoreCut(text, max);
        expect(short.length).toBeLessThanOrEqual(max);
        expect(clean.startsWith(short)).toBe(true);
        expect(isCut).toBe(clean.length > max);
      }),
    );
  });
});
