import { CURRENCY_LOCALES, DEFAULT_CURRENCY_LOCALE_KEY } from '../../../../core/i18n/currency-locales.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';

// How the orders list writes an order's money and dates.

/**
 * An amount in minor units in the order's currency, written the way the reader's language writes
 * it where the table has that pairing (EUR for a French reader: '12,50 €'), else the first
 * locale of that currency ('€12.50'); an unknown currency falls back to the default locale.
 */
export const orderMoney = (minor: number, currency: string, language: string): string => {
  const code = currency.trim().toUpperCase();
  const candidates = CURRENCY_LOCALES.filter((locale) => locale.currency === code);
  const own = candidates.find((locale) => locale.key.split('-')[0] === language.toLowerCase().split('-')[0]);
  return formatMoney(minor, (own ?? candidates[0])?.key ?? DEFAULT_CURRENCY_LOCALE_KEY);
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An unknown time zone name: the time is still right, shown in UTC and saying so.
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, made);
  }
  return made;
};

/** A performance's date and time on the venue's clock, with the zone's short name. */
export const eventDateText = (iso: string, timeZone: string, locale: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
};

/** The day an order was placed, on the reader's own calendar. */
export const orderDateText = (iso: string, locale: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
};
