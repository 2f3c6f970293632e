import {
  addMonths,
  compareMonths,
  dayOfLocal,
  monthOf,
  monthsBetween,
  type Day,
  type Month,
} from './calendar-month.ts';

/** The months a series template plays in (its first and last show days), or null without shows. */
export interface SeriesRange {
  readonly first: Month;
  readonly last: Month;
}

export const seriesRangeOf = (series: {
  FirstSeriesCodeDates: string | null;
  LastSeriesCodeDates: string | null;
}): SeriesRange | null => {
  const first = series.FirstSeriesCodeDates ? dayOfLocal(series.FirstSeriesCodeDates) : null;
  const last = series.LastSeriesCodeDates ? dayOfLocal(series.LastSeriesCodeDates) : null;
  return first && last ? { first: monthOf(first), last: monthOf(last) } : null;
};

export interface Chain {
  readonly range: SeriesRange | null;
  readonly pastCode: string | null;
  readonly futureCode: string | null;
  /** An exchange order is open (box office): every month loads, the chain is not followed. */
  readonly hasOrder: boolean;
}

export type MonthStep =
  | { readonly kind: 'load'; readonly month: Month }
  | { readonly kind: 'past'; readonly code: string }
  | { readonly kind: 'future'; readonly code: string }
  | { readonly kind: 'none' };

/**
 * The calendar: moving outside the template's range calls the past or future
 * callback instead of loading (the previous or next season of the chain), unless an orderId is
 * in the URL. With no season that way, there is nowhere to go.
 */
export const stepMonth = (current: Month, delta: number, chain: Chain): MonthStep => {
  const month = addMonths(current, delta);
  if (chain.hasOrder || !chain.range) return chain.hasOrder ? { kind: 'load', month } : { kind: 'none' };
  if (compareMonths(month, chain.range.first) < 0)
    return chain.pastCode ? { kind: 'past', code: chain.pastCode } : { kind: 'none' };
  if (compareMonths(month, chain.range.last) > 0)
    return chain.futureCode ? { kind: 'future', code: chain.futureCode } : { kind: 'none' };
  return { kind: 'load', month };
};

/** The month dropdown: every month of the template, and the shown month if it lies outside. */
export const monthChoices = (range: SeriesRange | null, current: Month): Month[] => {
  const months = range ? monthsBetween(range.first, range.last) : [];
  if (!months.some((m) => compareMonths(m, current) === 0)) months.push(current);
  return months.sort(compareMonths);
};

/**
 * The month the screen opens on: the startDate's, if the series plays then (or an order is
 * open); else the month of the next performance; else the template's last month (a past
 * season); else this month.
 */
export const initialMonth = (input: {
  readonly startDay: Day | null;
  readonly nextPerformance: string | null;
  readonly range: SeriesRange | null;
  readonly today: Day;
  readonly hasOrder: boolean;
}): Month => {
  const { startDay, range } = input;
  if (startDay) {
    const inRange =
      range !== null && compareMonths(startDay, range.first) >= 0 && compareMonths(startDay, range.last) <= 0;
    if (inRange || input.hasOrder) return monthOf(startDay);
  }
  const next = input.nextPerformance ? dayOfLocal(input.nextPerformance) : null;
  if (next) return monthOf(next);
  if (range) return range.last;
  return monthOf(input.today);
};
