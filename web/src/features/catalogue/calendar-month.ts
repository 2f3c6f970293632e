// Months and days of the series calendar, read from the venue's wall-clock dates
// ("2026-12-01T19:30:00"): no time zone ever enters, so the reader's own zone cannot move a show
// to another day.

/** A calendar month: month 1-12. */
export interface Month {
  readonly year: number;
  readonly month: number;
}

/** A calendar day: month 1-12. */
export interface Day extends Month {
  readonly day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

export const isRealDay = (d: Day): boolean =>
  [d.year, d.month, d.day].every(Number.isInteger) &&
  d.year >= 1 &&
  d.year <= 9999 &&
  d.month >= 1 &&
  d.month <= 12 &&
  d.day >= 1 &&
  d.day <= daysInMonth(d.year, d.month);

/** '2026-12-01' */
export const isoDay = (d: Day): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** '2026-12' */
export const monthKey = (m: Month): string => `${pad(m.year, 4)}-${pad(m.month)}`;

/** The day of a local date or date-time ('2026-12-01' or '2026-12-01T19:30:00'); null if neither. */
export const dayOfLocal = (local: string): Day | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(local);
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(day) ? day : null;
};

export const monthOf = (d: Month): Month => ({ year: d.year, month: d.month });

export const addMonths = (m: Month, n: number): Month => {
  const index = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** Negative when a comes first, 0 for the same month. */
export const compareMonths = (a: Month, b: Month): number => a.year * 12 + a.month - (b.year * 12 + b.month);

export const sameMonth = (a: Month, b: Month): boolean => compareMonths(a, b) === 0;

/** Every month from first to last, both included (empty when last comes first). */
export const monthsBetween = (first: Month, last: Month): Month[] => {
  const months: Month[] = [];
  for (let m = first; compareMonths(m, last) <= 0; m = addMonths(m, 1)) months.push(m);
  return months;
};

/** The day n days after d (n may be negative). */
export const addDays = (d: Day, n: number): Day => {
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (d: Day): number => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

// StartDate in the URL is MM-DD-YYYY.
const URL_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

/** Reads '12-01-2026'; null unless it names a real day. */
export const parseStartDate = (text: unknown): Day | null => {
  if (typeof text !== 'string') return null;
  const match = URL_DATE.exec(text.trim());
  if (!match) return null;
  const day = { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
  return isRealDay(day) ? day : null;
};

/** '12-01-2026' */
export const formatStartDate = (d: Day): string => `${pad(d.month)}-${pad(d.day)}-${pad(d.year, 4)}`;

/** The wall-clock day of an instant in a time zone (the venue's 'today'); UTC if the zone is unknown. */
export const dayInTimeZone = (instant: Date, timeZone: string | undefined): Day => {
  const format = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
  let text: string;
  try {
    text = format(timeZone);
  } catch {
    text = format('UTC');
  }
  return (
    dayOfLocal(text) ?? {
      year: instant.getUTCFullYear(),
      month: instant.getUTCMonth() + 1,
      day: instant.getUTCDate(),
    }
  );
};
