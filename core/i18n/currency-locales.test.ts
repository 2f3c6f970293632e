import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_LOCALES, currencyLocaleFor } from './currency-locales.ts';

const SPEC_COUNTRIES = ['US', 'CA', 'FR', 'IE', 'SG', 'GB', 'VN', 'PH', 'MY', 'AU', 'NZ'];

describe('currency locale table', () => {
  it('holds exactly the countries Foyer sells in, each with 2 digits and distinct separators', () => {
    expect(CURRENCY_LOCALES.map((l) => l.country)).toEqual(SPEC_COUNTRIES);
    for (const locale of CURRENCY_LOCALES) {
      expect(locale.digits).toBe(2);
      expect(locale.thousandsSeparator).not.toBe(locale.decimalSeparator);
      expect(locale.key).toMatch(/^[a-z]{2}-[a-z]{2}$/);
      expect(locale.key.endsWith(locale.country.toLowerCase())).toBe(true);
    }
  });

  it('pairs each country with its currency', () => {
    expect(Object.fromEntries(CURRENCY_LOCALES.map((l) => [l.key, l.currency]))).toEqual({
      'en-us': 'USD',
      'en-ca': 'CAD',
      'fr-fr': 'EUR',
      'en-ie': 'EUR',
      'en-sg': 'SGD',
      'en-gb': 'GBP',
      'vi-vn': 'VND',
      'en-ph': 'PHP',
      'ms-my': 'MYR',
      'en-au': 'AUD',
      'en-nz': 'NZD',
    });
  });

  it('finds a locale by key or by country, in any case', () => {
    expect(currencyLocaleFor('en-gb').currency).toBe('GBP');
    expect(currencyLocaleFor('EN-GB').currency).toBe('GBP');
    expect(currencyLocaleFor('en_GB').currency).toBe('GBP');
    expect(currencyLocaleFor('gb').currency).toBe('GBP');
    expect(currencyLocaleFor('FR').key).toBe('fr-fr');
  });

  it('falls back to the region of an unlisted key, then to en-us', () => {
    expect(currencyLocaleFor('fr-CA').key).toBe('en-ca');
    expect(currencyLocaleFor('de-DE').key).toBe('en-us');
    expect(currencyLocaleFor('').key).toBe('en-us');
    expect(currencyLocaleFor(null).key).toBe('en-us');
    expect(currencyLocaleFor(undefined).key).toBe('en-us');
  });

  it('always answers with a table entry, and a listed key or country finds itself', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(CURRENCY_LOCALES).toContain(currencyLocaleFor(text));
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCY_LOCALES), fc.boolean(), (locale, upper) => {
        const key = upper ? locale.key.toUpperCase() : locale.key;
        expect(currencyLocaleFor(key)).toBe(locale);
        expect(currencyLocaleFor(upper ? locale.country : locale.country.toLowerCase())).toBe(locale);
      }),
    );
  });
});
