import type { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';

type Listed = Pick<SeriesPromotion, 'IsOutletSale' | 'PromoStarted' | 'PromoEnded' | 'IsPresale'>;

const running = (p: Listed) => p.PromoStarted && !p.PromoEnded;

/** An outlet sale applies its first promotion by itself. */
export const outletPromotion = <P extends Listed>(promotions: readonly P[]): P | null =>
  promotions.find((p) => p.IsOutletSale && running(p)) ?? null;

/** The presale codes list: promotions a buyer enters a code for, not yet ended, in listing order. */
export const codePromotions = <P extends Listed>(promotions: readonly P[]): P[] =>
  promotions.filter((p) => !p.IsOutletSale && !p.PromoEnded);

/** The presale promotions the on-sale overlay offers. */
export const presalePromotions = <P extends Listed>(promotions: readonly P[]): P[] =>
  codePromotions(promotions).filter((p) => p.IsPresale);

/**
 * The read-more cut of a long text: whole words up to `max` characters, with `isCut` telling
 * whether anything was left out.
 */
export const readMoreCut = (text: string, max: number): { short: string; isCut: boolean } => {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return { short: clean, isCut: false };
  const slice = clean.slice(0, max + 1);
  const space = slice.lastIndexOf(' ');
  const short = (space > max / 2 ? slice.slice(0, space) : clean.slice(0, max)).replace(/[\s,.;:!?-]+$/, '');
  return { short, isCut: true };
};
