/**
 * Card expiry 'MM/YY': auto-formatted, month 01-12, year not before the current one, a first
 * digit other than 0 or 1 is prefixed with 0; errors use the card processors' codes.
 */
export type ExpiryErrorCode =
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year'
  | 'invalid_expiry_year_past';

export type ExpiryResult =
  | { readonly ok: true; readonly month: number; readonly year: number }
  | { readonly ok: false; readonly code: ExpiryErrorCode };

/**
 * Cards are issued for a few years; a year further ahead than this is a typo. Lenient on
 * purpose: refusing a real card costs a sale, and the gateway still checks the date.
 */
export const MAX_EXPIRY_YEARS_AHEAD = 20;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

const fromDigits = (typed: string): string => {
  // '4' can only be April: show '04/' at once.
  const digits = /^[2-9]/.test(typed) ? `0${typed}` : typed;
  const kept = digits.slice(0, 4);
  return kept.length < 2 ? kept : `${kept.slice(0, 2)}/${kept.slice(2)}`;
};

/**
 * Formats the expiry field as the buyer types or pastes: '4' -> '04/', '12' -> '12/',
 * '1227' -> '12/27'. A typed slash after one month digit means that month ('1/' -> '01/'), and a
 * pasted four-digit year keeps its last two digits ('12/2027' -> '12/27'). Formatting an
 * already formatted value changes nothing, so it can run on every keystroke.
 */
export const formatExpiryInput = (raw: string): string => {
  const slash = raw.indexOf('/');
  if (slash >= 0) {
    const monthDigits = digitsOf(raw.slice(0, slash));
    const yearDigits = digitsOf(raw.slice(slash + 1));
    if (monthDigits.length === 1 || monthDigits.length === 2) {
      const month = monthDigits.padStart(2, '0');
      const year = yearDigits.length === 4 ? yearDigits.slice(2) : yearDigits.slice(0, 2);
      return `${month}/${year}`;
    }
    return fromDigits(monthDigits + yearDigits);
  }
  return fromDigits(digitsOf(raw));
};

// The full year nearest to `currentYear` that ends in the two digits (a window of 50 years each way).
const fullYear = (twoDigits: number, currentYear: number): number => {
  const candidate = currentYear - (currentYear % 100) + twoDigits;
  if (candidate < currentYear - 50) return candidate + 100;
  if (candidate >= currentYear + 50) return candidate - 100;
  return candidate;
};

/**
 * Checks an expiry 'MM/YY' (or 'MM/YYYY') against `now`. A card is good through the last day of
 * its month; months are compared in UTC, so on the first day of a month the check may be a few
 * hours early or late depending on where the buyer is, which the gateway decides.
 */
export const checkExpiry = (text: string, now: Date): ExpiryResult => {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { ok: false, code: 'incomplete_expiry' };
  const month = Number(match[1]);
  const typedYear = match[2] ?? '';
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  const year = typedYear.length === 2 ? fullYear(Number(typedYear), currentYear) : Number(typedYear);

  if (month < 1 || month > 12) return { ok: false, code: 'invalid_expiry_month' };
  if (year < currentYear) return { ok: false, code: 'invalid_expiry_year_past' };
  if (year > currentYear + MAX_EXPIRY_YEARS_AHEAD) return { ok: false, code: 'invalid_expiry_year' };
  if (year === currentYear && month < currentMonth) return { ok: false, code: 'invalid_expiry_month_past' };
  return { ok: true, month, year };
};
