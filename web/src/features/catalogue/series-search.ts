// Spec 000 section 2: the series screen's query. Seat selection takes the same query, so the
// screen hands it on to each date's link.
const seriesQueryKeys = [
  'startDate',
  'promo',
  'groupCode',
  'planCode',
  'slotId',
  'isPaired',
  'view',
  'seatQty',
  'persistparam',
] as const;

export type SeriesSearch = Partial<Record<(typeof seriesQueryKeys)[number], string | number | boolean>>;

/** Keeps the known query values as the router parsed them (numbers stay numbers in the URL). */
export const validateSeriesSearch = (search: Record<string, unknown>): SeriesSearch => {
  const kept: SeriesSearch = {};
  for (const key of seriesQueryKeys) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      kept[key] = value;
  }
  return kept;
};
