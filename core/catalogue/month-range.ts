import { isCalendarDate, localCalendarDate, startOfLocalDay, type CalendarDate } from './local-time.ts';
import { parseUrlDate } from './url-date.ts';

// The storefront's calendar asks for "the month of this time" and gets every
// event of the series whose local start falls in that month of the venue's time zone.

export interface CalendarMonth {
  readonly year: number;
  readonly month: number;
}

/**
 * What the client sent as requestedTime: a local day ('2026-12-01', '12-01-2026', or a local
 * date-time without offset) or an instant (ISO with Z or an offset).
 */
export type RequestedTime =
  { readonly kind: 'local'; readonly date: CalendarDate } | { readonly kind: 'instant'; readonly at: Date };

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Reads requestedTime; null when it is not a date. */
export const parseRequestedTime = (text: string): RequestedTime | null => {
  const trimmed = text.trim();
  const urlDate = parseUrlDate(trimmed);
  if (urlDate) return { kind: 'local', date: urlDate };
  const local = ISO_LOCAL.exec(trimmed);
  if (local) {
    const date = { year: Number(local[1]), month: Number(local[2]), day: Number(local[3]) };
    const [h, m, s] = [local[4], local[5], local[6]].map((v) => Number(v ?? 0)) as [number, number, number];
    return isCalendarDate(date) && h < 24 && m < 60 && s < 60 ? { kind: 'local', date } : null;
  }
  if (ISO_ZONED.test(trimmed)) {
    const at = new Date(trimmed);
    return Number.isNaN(at.getTime()) ? null : { kind: 'instant', at };
  }
  return null;
};

/** The calendar month the requested time falls in, read in the venue's time zone. */
export const monthOf = (requested: RequestedTime, timeZone: string): CalendarMonth => {
  const date = requested.kind === 'local' ? requested.date : localCalendarDate(requested.at, timeZone);
  return { year: date.year, month: date.month };
};

export const nextMonth = ({ year, month }: CalendarMonth): CalendarMonth =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/** [start, end): the instants of the month's first local midnight and the next month's. */
export const monthRange = (month: CalendarMonth, timeZone: string): { start: Date; end: Date } => {
  const next = nextMonth(month);
  return {
    start: startOfLocalDay({ ...month, day: 1 }, timeZone),
    end: startOfLocalDay({ ...next, day: 1 }, timeZone),
  };
};
