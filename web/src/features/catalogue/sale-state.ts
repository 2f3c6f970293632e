import type { Event, SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';

/** What a buyer can do with a performance, as the series screen shows it. */
export type SaleState = 'Past' | 'SoldOut' | 'NotOnSale' | 'Presale' | 'OnSale';

export type SaleEvent = Pick<
  Event,
  'StartsAtUtc' | 'Availability' | 'IsBeforeSaleDate' | 'IsPresale' | 'PromotionIDs'
>;

/**
 * Whether the applied promotion opens a presale performance before its sale date: a presale
 * promotion that the performance offers.
 */
export const unlocksPresale = (event: SaleEvent, applied: Pick<SeriesPromotion, 'ID' | 'IsPresale'> | null) =>
  event.IsPresale && applied !== null && applied.IsPresale && event.PromotionIDs.includes(applied.ID);

/**
 * Before the sale date a performance cannot be bought unless
 * it is a presale performance and the buyer holds its presale promotion. A started performance
 * is past; a sold-out one offers the sold-out e-mail form instead.
 */
export const saleStateOf = (
  event: SaleEvent,
  applied: Pick<SeriesPromotion, 'ID' | 'IsPresale'> | null,
  now: Date,
): SaleState => {
  if (Date.parse(event.StartsAtUtc) <= now.getTime()) return 'Past';
  if (event.Availability === 'SoldOut') return 'SoldOut';
  if (event.IsBeforeSaleDate) return unlocksPresale(event, applied) ? 'Presale' : 'NotOnSale';
  return 'OnSale';
};

/**
 * The on-sale overlay covers the dates when every upcoming performance in view is before its
 * sale date and the buyer holds no presale promotion opening it ("before the sale date and not
 * presale"). A month with nothing upcoming shows no overlay.
 */
export const showsOnSaleOverlay = (
  events: readonly SaleEvent[],
  applied: Pick<SeriesPromotion, 'ID' | 'IsPresale'> | null,
  now: Date,
): boolean => {
  const states = events.map((e) => saleStateOf(e, applied, now)).filter((s) => s !== 'Past');
  return states.length > 0 && states.every((s) => s === 'NotOnSale');
};

/** The earliest sale date among the performances (local date-time), or null. */
export const firstOnSaleDate = (events: readonly Pick<Event, 'LocalOnSaleDate'>[]): string | null =>
  events.reduce<string | null>((a, e) => (a === null || e.LocalOnSaleDate < a ? e.LocalOnSaleDate : a), null);
