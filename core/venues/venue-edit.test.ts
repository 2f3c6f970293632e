import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_LOCALES } from '../i18n/currency-locales.ts';
import { configurationNameOf, NAME_LIMIT, venueEditOf, type VenueEditRequest } from './venue-edit.ts';

// A venue's details edited on screen: checked as a new venue's are, and its time zone kept once
// performances are on it.

const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'];
const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
const request = fc.record({
  name,
  displayName: name,
  address: fc.string({ maxLength: 60 }),
  timeZone: fc.constantFrom(...ZONES),
  currencyLocale: fc.constantFrom(...CURRENCY_LOCALES.map((l) => l.key)),
});

describe('editing a venue', () => {
  it('keeps the details asked for, trimmed; country and currency are the locale’s', () => {
    fc.assert(
      fc.property(request, fc.constantFrom(...ZONES), (asked, current) => {
        const edited = venueEditOf(
          {
            ...asked,
            timeZone: asked.timeZone.toLowerCase(),
            currencyLocale: asked.currencyLocale.toUpperCase(),
          },
          { timeZone: current, performances: 0 },
        );
        const locale = CURRENCY_LOCALES.find((l) => l.key === asked.currencyLocale)!;
        expect(edited).toEqual({
          ok: true,
          venue: {
            name: asked.name.trim(),
            displayName: asked.displayName.trim(),
            address: asked.address.trim() === '' ? null : asked.address.trim(),
            timeZone: asked.timeZone,
            currencyLocale: locale.key,
            country: locale.country,
            isoCurrencyCode: locale.currency,
          },
        });
      }),
    );
  });

  it('refuses a new time zone once the venue has performances, and allows keeping it', () => {
    fc.assert(
      fc.property(
        request,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 10_000 }),
        (asked, current, performances) => {
          const edited = venueEditOf(asked, { timeZone: current, performances });
          if (asked.timeZone === current) expect(edited.ok).toBe(true);
          else
            expect(edited).toEqual({
              ok: false,
              problem: { field: 'timeZone', reason: 'hasPerformances', performances },
            });
        },
      ),
    );
  });

  it('names the field of an empty, too long or unknown value', () => {
    const good: VenueEditRequest = {
      name: 'Hall',
      displayName: 'The Hall',
      address: '',
      timeZone: 'Europe/London',
      currencyLocale: 'en-gb',
    };
    const current = { timeZone: 'Europe/London', performances: 0 };
    fc.assert(
      fc.property(fc.constantFrom('', ' ', '\t \n'), (blank) => {
        expect(venueEditOf({ ...good, name: blank }, current)).toMatchObject({
          problem: { field: 'name', reason: 'required' },
        });
        expect(venueEditOf({ ...good, displayName: blank }, current)).toMatchObject({
          problem: { field: 'displayName', reason: 'required' },
        });
        expect(venueEditOf({ ...good, timeZone: blank }, current)).toMatchObject({
          problem: { field: 'timeZone', reason: 'required' },
        });
      }),
    );
    expect(venueEditOf({ ...good, name: 'x'.repeat(NAME_LIMIT + 1) }, current)).toMatchObject({
      problem: { field: 'name', reason: 'tooLong' },
    });
    expect(venueEditOf({ ...good, timeZone: 'Mars/Olympus' }, current)).toMatchObject({
      problem: { field: 'timeZone', reason: 'unknown' },
    });
    expect(venueEditOf({ ...good, currencyLocale: 'xx-yy' }, current)).toMatchObject({
      problem: { field: 'currencyLocale', reason: 'unknown' },
    });
  });
});

describe('renaming a configuration', () => {
  it('keeps any name of up to the limit, trimmed, and refuses a blank or longer one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: NAME_LIMIT + 20 }), (asked) => {
        const trimmed = asked.trim();
        const named = configurationNameOf(asked);
        if (trimmed === '') expect(named).toEqual({ ok: false, reason: 'required' });
        else if (trimmed.length > NAME_LIMIT) expect(named).toEqual({ ok: false, reason: 'tooLong' });
        else expect(named).toEqual({ ok: true, name: trimmed });
      }),
    );
  });
});
