import { localDateTime, localDay } from './local-time.ts';

// The calendar needs to know where a series begins and ends: its own shows (to page months)
// and the whole chain of seasons linked by past/future template codes (to offer the previous
// or next season instead of loading an empty month).

/** One template's shows: first start, last start, last end (end, or start when it has none). */
export interface ShowRange {
  readonly seriesId: number;
  readonly firstStart: Date;
  readonly lastStart: Date;
  readonly lastEnd: Date;
}

export interface SeriesDates {
  /** Across the chain of seasons: local date-times. */
  readonly FirstShowStartDate: string | null;
  readonly LastShowEndDate: string | null;
  /** This template only: local date-times. */
  readonly CurrentTemplateFirstShowStartDate: string | null;
  readonly CurrentTemplateLastShowEndDate: string | null;
  /** This template only: local days (YYYY-MM-DD) the first and the last show start. */
  readonly FirstSeriesCodeDates: string | null;
  readonly LastSeriesCodeDates: string | null;
}

const earliest = (dates: Date[]) => dates.reduce<Date | null>((a, d) => (a && a <= d ? a : d), null);
const latest = (dates: Date[]) => dates.reduce<Date | null>((a, d) => (a && a >= d ? a : d), null);

/**
 * Dates of a series from its show ranges: `ranges` holds the ranges of every template in the
 * chain (the current one included, found by `seriesId`).
 */
export const seriesDates = (
  seriesId: number,
  ranges: readonly ShowRange[],
  timeZone: string,
): SeriesDates => {
  const current = ranges.find((r) => r.seriesId === seriesId) ?? null;
  const first = earliest(ranges.map((r) => r.firstStart));
  const last = latest(ranges.map((r) => r.lastEnd));
  const local = (d: Date | null | undefined) => (d ? localDateTime(d, timeZone) : null);
  return {
    FirstShowStartDate: local(first),
    LastShowEndDate: local(last),
    CurrentTemplateFirstShowStartDate: local(current?.firstStart),
    CurrentTemplateLastShowEndDate: local(current?.lastEnd),
    FirstSeriesCodeDates: current ? localDay(current.firstStart, timeZone) : null,
    LastSeriesCodeDates: current ? localDay(current.lastStart, timeZone) : null,
  };
};
