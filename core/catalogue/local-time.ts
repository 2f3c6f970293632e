import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

// Times are stored in UTC, so they compare and sort whatever the server's zone; what a buyer
// reads is the wall clock of the venue's time zone. Times are saved as YYYY-MM-DDTHH:mm:ss, no
// offset.

/** A day on the calendar, without a time zone: month 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** '2026-12-01T19:30:00': the wall-clock time of `instant` in `timeZone`. */
export const localDateTime = (instant: Date, timeZone: string): string =>
  formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss");

/** '2026-12-01': the local day of `instant` in `timeZone`. */
export const localDay = (instant: Date, timeZone: string): string =>
  formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');

/** The calendar date of `instant` in `timeZone`. */
export const localCalendarDate = (instant: Date, timeZone: string): CalendarDate => {
  const [year, month, day] = localDay(instant, timeZone).split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '2026-12-01' */
export const isoDay = (date: CalendarDate): string =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** Whether year/month/day name a real day (no 31 April, 29 February only in leap years). */
export const isCalendarDate = (date: CalendarDate): boolean => {
  if (![date.year, date.month, date.day].every(Number.isInteger)) return false;
  if (date.year < 1 || date.year > 9999 || date.month < 1 || date.month > 12 || date.day < 1) return false;
  return date.day <= daysInMonth(date.year, date.month);
};

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The instant a local day begins in `timeZone`. Where midnight does not exist (a DST jump at
 * 00:00) it is the first instant of that day.
 */
export const startOfLocalDay = (date: CalendarDate, timeZone: string): Date => {
  const instant = fromZonedTime(`${isoDay(date)}T00:00:00`, timeZone);
  // fromZonedTime may land an hour early on a day whose midnight is skipped: step into the day.
  return localDay(instant, timeZone) < isoDay(date) ? new Date(instant.getTime() + 3_600_000) : instant;
};
