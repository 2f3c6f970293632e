import type { HouseCurrency } from '../accounts/house-currency.ts';
import { CURRENCY_LOCALES } from '../i18n/currency-locales.ts';
import type { NewVenue } from './ports.ts';

// The venue an import makes when it is given none (core/venues/README.md): named as asked, in the
// time zone asked for, else the one the house's venues share; priced in the currency locale asked
// for, else the house currency's (`foyer settings currency`); its country is the locale's.

export interface NewVenueRequest {
  readonly name: string;
  readonly timeZone: string | null;
  readonly currencyLocale: string | null;
}

export type NewVenueProblem = {
  readonly field: 'name' | 'timeZone' | 'currencyLocale';
  readonly message: string;
};

/** The IANA name as the runtime spells it ('europe/london' -> 'Europe/London'); null: not a time zone. */
export const canonicalTimeZone = (name: string): string | null => {
  const wanted = name.trim();
  if (wanted === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: wanted }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/** The table's key for `key` ('en_GB', 'EN-gb' -> 'en-gb'); null: not in the table. */
export const currencyLocaleKey = (key: string): string | null => {
  const wanted = key.trim().toLowerCase().replaceAll('_', '-');
  return CURRENCY_LOCALES.some((l) => l.key === wanted) ? wanted : null;
};

export const newVenueOf = (
  request: NewVenueRequest,
  house: { readonly currency: HouseCurrency; readonly venueTimeZones: readonly string[] },
):
  | { readonly ok: true; readonly venue: NewVenue }
  | { readonly ok: false; readonly problem: NewVenueProblem } => {
  const name = request.name.trim();
  if (name === '') return { ok: false, problem: { field: 'name', message: 'The new venue needs a name.' } };

  let timeZone: string | null;
  if (request.timeZone !== null) {
    timeZone = canonicalTimeZone(request.timeZone);
    if (!timeZone)
      return {
        ok: false,
        problem: {
          field: 'timeZone',
          message: `'${request.timeZone}' is not an IANA time zone such as Europe/London.`,
        },
      };
  } else if (house.venueTimeZones.length === 1) timeZone = house.venueTimeZones[0]!;
  else
    return {
      ok: false,
      problem: {
        field: 'timeZone',
        message:
          house.venueTimeZones.length === 0
            ? 'There is no venue yet to take a time zone from: name the new venue’s (an IANA time zone such as Europe/London).'
            : `The house’s venues are in ${house.venueTimeZones.join(', ')}: name the new venue’s time zone.`,
      },
    };

  const key =
    request.currencyLocale === null
      ? house.currency.currencyLocale
      : currencyLocaleKey(request.currencyLocale);
  const locale = CURRENCY_LOCALES.find((l) => l.key === key);
  if (!locale)
    return {
      ok: false,
      problem: {
        field: 'currencyLocale',
        message: `'${request.currencyLocale ?? key}' is not a currency locale; use one of ${CURRENCY_LOCALES.map((l) => l.key).join(', ')}.`,
      },
    };
  return {
    ok: true,
    venue: {
      name,
      displayName: name,
      country: locale.country,
      timeZone,
      isoCurrencyCode: locale.currency,
      currencyLocale: locale.key,
    },
  };
};
