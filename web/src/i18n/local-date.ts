// An event's LocalDate is the venue's wall clock without an offset ("2026-12-01T19:30:00").
// It is shown exactly as written: the fields are read into a UTC instant and formatted in UTC,
// so the reader's own time zone never shifts the time of a show.
const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

const asUtc = (local: string): Date | undefined => {
  const m = localDatePattern.exec(local);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0)));
};

export const formatLocalDate = (
  local: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string => {
  const date = asUtc(local);
  if (!date) return local;
  return formatterOf(locale, options).format(date);
};

// A formatter takes a millisecond or more to make and the screens format many dates with the
// same few options: each is made once per locale and options.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
};

/**
 * The locale to format dates in: the browser's own regional variant when it speaks the page's
 * language (en-GB readers see 1 December), else the page's language.
 */
export const formatLocale = (language: string) => {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return browser.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language;
};

/**
 * Makes the page's first date formatter. The first Intl object of any kind a page makes loads
 * the browser's ICU data, 20-40 ms even on an idle machine (a date formatter after it: about
 * 3 ms, the next ones well under one): the early script (early/start.ts) pays it while the page
 * waits for its code, not while the seat map is being drawn (bench/seatmap.ts, traced).
 */
export const warmDateFormatting = (locale: string): void => {
  formatterOf(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(0);
};

/** "2026-12" style key of the month a local date falls in. */
export const localMonthKey = (local: string) => local.slice(0, 7);
