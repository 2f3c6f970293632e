// The clerk's search on the selling home screen (text and a date): one box
// takes a show's name, a series code or a date. A date typed in the box (12-05-2026, 12/05/2026
// or 2026-12-05) is a date; anything else is text, matched against series codes and names.

export interface LocalDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface SellSearch {
  /** Trimmed text to match, or null for none. */
  readonly text: string | null;
  /** A day the performances must start on (the venue's local date), or null for any. */
  readonly day: LocalDay | null;
}

export const MAX_SEARCH_TEXT = 100;

const isRealDay = ({ year, month, day }: LocalDay): boolean => {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
};

/** MM-DD-YYYY, MM/DD/YYYY or YYYY-MM-DD; null when the text is not a real day in one of them. */
export const parseDay = (text: string): LocalDay | null => {
  const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  const day = us
    ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) }
    : iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : null;
  return day && isRealDay(day) ? day : null;
};

/** The day as the database compares it: YYYY-MM-DD. */
export const isoDay = ({ year, month, day }: LocalDay): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The day as the storefront's URLs write it: MM-DD-YYYY. */
export const usDay = ({ year, month, day }: LocalDay): string =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}-${String(year).padStart(4, '0')}`;

export type SellSearchProblem = { readonly field: 'q' | 'date'; readonly reason: string };

/** The search as typed: the box's text (a date in it counts as the date) and the date field. */
export const parseSellSearch = (
  q: string | undefined,
  date: string | undefined,
): SellSearch | SellSearchProblem => {
  const text = (q ?? '').trim().replace(/\s+/g, ' ');
  if (text.length > MAX_SEARCH_TEXT)
    return { field: 'q', reason: `must be at most ${MAX_SEARCH_TEXT} characters` };
  let day: LocalDay | null = null;
  if (date !== undefined && date.trim() !== '') {
    day = parseDay(date);
    if (!day) return { field: 'date', reason: 'must be a real date as MM-DD-YYYY' };
  }
  const typedDay = text === '' ? null : parseDay(text);
  if (typedDay) {
    if (day && isoDay(day) !== isoDay(typedDay))
      return { field: 'date', reason: 'differs from the date typed in the search box' };
    return { text: null, day: typedDay };
  }
  return { text: text === '' ? null : text, day };
};

export const isSearchProblem = (value: SellSearch | SellSearchProblem): value is SellSearchProblem =>
  'field' in value;

/** Escapes LIKE's wildcards so typed % and _ match themselves. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
