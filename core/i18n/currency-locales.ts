/**
 * The currency locale table: US, CA, FR, IE, SG, GB, VN, PH, MY, AU, NZ, each with currency
 * code, symbol, separators, digits and symbol position; default locale en-us.
 * Separators and spacing follow CLDR so amounts read as they do in each country; FR and VN use
 * no-break spaces so an amount never wraps across lines.
 */
export interface CurrencyLocale {
  /** Lower-case locale key as venues store it (Venue.CurrencyLocale): 'en-us'. */
  readonly key: string;
  /** ISO 3166-1 alpha-2 country code: 'US'. */
  readonly country: string;
  /** ISO 4217 currency code: 'USD'. */
  readonly currency: string;
  readonly symbol: string;
  readonly thousandsSeparator: string;
  readonly decimalSeparator: string;
  /** Minor-unit digits: 2 for every currency, even VND, so every amount has the same minor unit. */
  readonly digits: number;
  readonly symbolPosition: 'before' | 'after';
  /** What stands between the symbol and the number: '' ('$1.00') or a no-break space ('1,00 €'). */
  readonly symbolSpacing: string;
}

const NO_BREAK_SPACE = '\u00A0';
const NARROW_NO_BREAK_SPACE = '\u202F';

const american = (key: string, country: string, currency: string, symbol: string): CurrencyLocale => ({
  key,
  country,
  currency,
  symbol,
  thousandsSeparator: ',',
  decimalSeparator: '.',
  digits: 2,
  symbolPosition: 'before',
  symbolSpacing: '',
});

export const CURRENCY_LOCALES: readonly CurrencyLocale[] = [
  american('en-us', 'US', 'USD', '$'),
  american('en-ca', 'CA', 'CAD', '$'),
  {
    key: 'fr-fr',
    country: 'FR',
    currency: 'EUR',
    symbol: '€',
    thousandsSeparator: NARROW_NO_BREAK_SPACE,
    decimalSeparator: ',',
    digits: 2,
    symbolPosition: 'after',
    symbolSpacing: NO_BREAK_SPACE,
  },
  american('en-ie', 'IE', 'EUR', '€'),
  american('en-sg', 'SG', 'SGD', '$'),
  american('en-gb', 'GB', 'GBP', '£'),
  {
    key: 'vi-vn',
    country: 'VN',
    currency: 'VND',
    symbol: '₫',
    thousandsSeparator: '.',
    decimalSeparator: ',',
    digits: 2,
    symbolPosition: 'after',
    symbolSpacing: NO_BREAK_SPACE,
  },
  american('en-ph', 'PH', 'PHP', '₱'),
  { ...american('ms-my', 'MY', 'MYR', 'RM'), symbolSpacing: NO_BREAK_SPACE },
  american('en-au', 'AU', 'AUD', '$'),
  american('en-nz', 'NZ', 'NZD', '$'),
];

export const DEFAULT_CURRENCY_LOCALE_KEY = 'en-us';

/** The key of the first locale of the table that writes `currency` (ISO 4217); null: none does. */
export const localeWriting = (currency: string): string | null =>
  CURRENCY_LOCALES.find((locale) => locale.currency === currency.trim().toUpperCase())?.key ?? null;

const byKey = new Map(CURRENCY_LOCALES.map((locale) => [locale.key, locale]));
const byCountry = new Map(CURRENCY_LOCALES.map((locale) => [locale.country, locale]));

const defaultLocale = (): CurrencyLocale => {
  const locale = byKey.get(DEFAULT_CURRENCY_LOCALE_KEY);
  if (!locale) throw new Error('The currency locale table lost its default');
  return locale;
};

/**
 * The table entry for a locale key ('en-GB', 'en_gb') or a country code ('gb'), case-insensitive.
 * A key not in the table falls back to its region ('fr-CA' prices in Canadian dollars), then to
 * en-us, the default locale.
 */
export const currencyLocaleFor = (keyOrCountry: string | null | undefined): CurrencyLocale => {
  const wanted = (keyOrCountry ?? '').trim().toLowerCase().replaceAll('_', '-');
  const region = wanted.split('-').at(-1)?.toUpperCase() ?? '';
  return byKey.get(wanted) ?? byCountry.get(region) ?? defaultLocale();
};
