import { isCalendarDate, type CalendarDate } from './local-time.ts';

// Storefront URLs carry dates as MM-DD-YYYY (the startDate of a series link).

const URL_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Reads '12-01-2026'; null unless it names a real day. */
export const parseUrlDate = (text: string): CalendarDate | null => {
  const match = URL_DATE.exec(text.trim());
  if (!match) return null;
  const date = { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
  return isCalendarDate(date) ? date : null;
};

/** '12-01-2026' */
export const formatUrlDate = (date: CalendarDate): string =>
  `${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}-${String(date.year).padStart(4, '0')}`;
