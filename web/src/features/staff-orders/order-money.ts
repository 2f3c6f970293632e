import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { localeWriting } from '../../../../core/i18n/currency-locales.ts';

// An order's amounts in its own currency, and its times in the venue's zone. Pure.

/** Formats minor units of `currency` the way its country writes them (USD: '$12.50'). */
export const moneyOf =
  (currency: string) =>
  (minor: number): string =>
    formatMoney(minor, localeWriting(currency));

/** An instant (ISO) as date and time in `timeZone` (the venue's), or the browser's zone. */
export const instantOf = (language: string, timeZone: string | null | undefined) => {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return (iso: string) => format.format(new Date(iso));
};
