import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_LOCALES } from '../i18n/currency-locales.ts';
import { canonicalTimeZone, newVenueOf } from './new-venue.ts';

// The venue an import makes when given none: its time zone and currency, asked for or defaulted.

const house = { isoCurrencyCode: 'GBP', currencyLocale: 'en-gb' };
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'];

describe('a new venue', () => {
  it('takes the time zone and currency locale asked for; its country and currency are the locale’s', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.constantFrom(...CURRENCY_LOCALES), (zone, locale) => {
        const made = newVenueOf(
          {
            name: ' Hall ',
            timeZone: zone.toLowerCase(),
            currencyLocale: locale.key.toUpperCase().replace('-', '_'),
          },
          { currency: house, venueTimeZones: [] },
        );
        expect(made).toEqual({
          ok: true,
          venue: {
            name: 'Hall',
            displayName: 'Hall',
            country: locale.country,
            timeZone: canonicalTimeZone(zone),
            isoCurrencyCode: locale.currency,
            currencyLocale: locale.key,
          },
        });
      }),
    );
  });

  it('defaults to the time zone the house’s venues share and the house currency', () => {
    expect(
      newVenueOf(
        { name: 'Hall', timeZone: null, currencyLocale: null },
        { currency: house, venueTimeZones: ['Europe/London'] },
      ),
    ).toEqual({
      ok: true,
      venue: {
        name: 'Hall',
        displayName: 'Hall',
        country: 'GB',
        timeZone: 'Europe/London',
        isoCurrencyCode: 'GBP',
        currencyLocale: 'en-gb',
      },
    });
  });

  it('asks for a time zone when there is none to share, or more than one', () => {
    for (const venueTimeZones of [[], ['Europe/London', 'Europe/Paris']])
      expect(
        newVenueOf(
          { name: 'Hall', timeZone: null, currencyLocale: null },
          { currency: house, venueTimeZones },
        ),
      ).toMatchObject({
        ok: false,
        problem: { field: 'timeZone' },
      });
    expect(
      newVenueOf(
        { name: 'Hall', timeZone: 'Mars/Olympus', currencyLocale: null },
        { currency: house, venueTimeZones: [] },
      ),
    ).toMatchObject({
      ok: false,
      problem: {
        field: 'timeZone',
        message: "'Mars/Olympus' is not an IANA time zone such as Europe/London.",
      },
    });
    expect(
      newVenueOf(
        { name: 'Hall', timeZone: 'UTC', currencyLocale: 'de-de' },
        { currency: house, venueTimeZones: [] },
      ),
    ).toMatchObject({
      ok: false,
      problem: { field: 'currencyLocale' },
    });
    expect(
      newVenueOf(
        { name: '  ', timeZone: 'UTC', currencyLocale: null },
        { currency: house, venueTimeZones: [] },
      ),
    ).toMatchObject({
      ok: false,
      problem: { field: 'name' },
    });
  });
});
