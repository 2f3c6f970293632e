import type { TFunction } from 'i18next';
import { CURRENCY_LOCALES } from '../../../../core/i18n/currency-locales.ts';

// How the venue screens word a venue's currency and a seat plan problem's place.

/** 'GBP · United Kingdom': the currency and the country it is priced for, in the reader's language. */
export const currencyInWords = (isoCurrencyCode: string, country: string, locale: string): string => {
  try {
    const region = new Intl.DisplayNames([locale], { type: 'region' }).of(country);
    return region ? `${isoCurrencyCode} · ${region}` : isoCurrencyCode;
  } catch {
    return isoCurrencyCode;
  }
};

/** Every currency locale, worded for a picker. */
export const currencyLocaleChoices = (locale: string) =>
  CURRENCY_LOCALES.map((l) => ({
    key: l.key,
    label: `${currencyInWords(l.currency, l.country, locale)} (${l.key})`,
  }));

/** 'Line 14', 'The file', or the JSON path as it is ('zones[0].rows[3].seats[12]'). */
export const problemPlace = (t: TFunction<'admin'>, place: string): string => {
  const line = /^line (\d+)$/i.exec(place);
  if (line) return t('venues.problemLine', { line: line[1] });
  if (place === 'file') return t('venues.problemFile');
  return place;
};
