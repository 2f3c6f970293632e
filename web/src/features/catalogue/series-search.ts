import { formatStartDate, type Day } from './calendar-month.ts';

// The series screen's query. Seat selection takes the same query, so the
// screen hands it on to each date's link. orderId is the box office's exchange order: it is not
// one of the consumer's parameters, but it changes how the calendar pages.
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
  'orderId',
] as const;

export type SeriesQueryKey = (typeof seriesQueryKeys)[number];
export type SeriesSearch = Partial<Record<SeriesQueryKey, string | number | boolean>>;

export type SeriesView = 'calendar' | 'list';

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

/** A query value as text ('' when absent): the router turns 123 into a number, codes stay text. */
export const searchText = (search: SeriesSearch, key: SeriesQueryKey): string => {
  const value = search[key];
  return value === undefined ? '' : String(value).trim();
};

/** `view` names the view; anything else falls back to the series' own default. */
export const viewOf = (search: SeriesSearch, isCalendarView: boolean): SeriesView => {
  const view = searchText(search, 'view').toLowerCase();
  if (view === 'calendar' || view === 'list') return view;
  return isCalendarView ? 'calendar' : 'list';
};

/**
 * seatQty carried on to seat selection: whole digits, clamped into 1..limit (a hand-edited URL
 * cannot ask for more than the limit). Undefined when it is absent or not a number.
 */
export const clampSeatQty = (value: unknown, limit: number): number | undefined => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return undefined;
  return Math.min(Math.max(Number(text), 1), Math.max(limit, 1));
};

const withoutUndefined = (search: SeriesSearch): SeriesSearch =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as SeriesSearch;

/**
 * The query a date's link carries to seat selection: everything the buyer came with (promotion,
 * plan, slot, paired flag, view, clamped seat quantity, persistparam), with startDate moved to
 * the chosen date.
 */
export const searchForEvent = (search: SeriesSearch, eventDay: Day, ticketLimit: number): SeriesSearch =>
  withoutUndefined({
    ...search,
    startDate: formatStartDate(eventDay),
    seatQty: search.seatQty === undefined ? undefined : clampSeatQty(search.seatQty, ticketLimit),
  });

/** The selection moved: startDate follows it, the rest is kept. */
export const withStartDate = (search: SeriesSearch, day: Day): SeriesSearch => ({
  ...search,
  startDate: formatStartDate(day),
});

export const withView = (search: SeriesSearch, view: SeriesView): SeriesSearch => ({ ...search, view });

/** Clearing a promotion removes promo and groupCode from the query. */
export const withoutPromotion = (search: SeriesSearch): SeriesSearch => {
  const { promo: _promo, groupCode: _groupCode, ...rest } = search;
  return rest;
};

/** A validated code (and its one-time group code) goes into the query, so every link carries it. */
export const withPromotion = (search: SeriesSearch, promo: string, groupCode?: string): SeriesSearch =>
  withoutUndefined({ ...withoutPromotion(search), promo, groupCode: groupCode || undefined });

/** The query another series of the chain opens with: the same buyer context, a new start date. */
export const searchForSeries = (search: SeriesSearch, startDay: Day | null): SeriesSearch => {
  const { startDate: _startDate, ...rest } = search;
  return startDay ? { ...rest, startDate: formatStartDate(startDay) } : rest;
};
