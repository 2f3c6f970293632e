import { CURRENCY_LOCALES } from '../i18n/currency-locales.ts';
import { canonicalTimeZone, currencyLocaleKey } from './new-venue.ts';

// A venue's details edited on screen (the venue edit page): its names, address, time zone and
// currency locale, checked by the rules a new venue is (new-venue.ts). The time zone stays as it
// is once the venue has performances: their starts are stored as instants, so a new zone would
// move every performance's local time (core/venues/README.md).

export interface VenueDetails {
  readonly name: string;
  readonly displayName: string;
  /** Null: no address. */
  readonly address: string | null;
  /** IANA, e.g. Europe/London. */
  readonly timeZone: string;
  /** A key of core/i18n/currency-locales.ts; the venue's country and currency are its. */
  readonly currencyLocale: string;
}

export interface VenueEditRequest {
  readonly name: string;
  readonly displayName: string;
  readonly address: string;
  readonly timeZone: string;
  readonly currencyLocale: string;
}

/** What a venue row holds once edited: the details and the country and currency they imply. */
export interface VenueRow extends VenueDetails {
  readonly country: string;
  readonly isoCurrencyCode: string;
}

export type VenueEditField = 'name' | 'displayName' | 'address' | 'timeZone' | 'currencyLocale';

export type VenueEditProblem =
  | { readonly field: VenueEditField; readonly reason: 'required' | 'tooLong' | 'unknown' }
  | { readonly field: 'timeZone'; readonly reason: 'hasPerformances'; readonly performances: number };

export const NAME_LIMIT = 200;
export const ADDRESS_LIMIT = 500;

/** The edited venue's row, or the first problem (in the form's order); `performances` on the venue now. */
export const venueEditOf = (
  request: VenueEditRequest,
  current: { readonly timeZone: string; readonly performances: number },
):
  | { readonly ok: true; readonly venue: VenueRow }
  | { readonly ok: false; readonly problem: VenueEditProblem } => {
  const displayName = request.displayName.trim();
  const name = request.name.trim();
  const address = request.address.trim();
  for (const [field, value] of [
    ['displayName', displayName],
    ['name', name],
  ] as const) {
    if (value === '') return { ok: false, problem: { field, reason: 'required' } };
    if (value.length > NAME_LIMIT) return { ok: false, problem: { field, reason: 'tooLong' } };
  }
  if (address.length > ADDRESS_LIMIT) return { ok: false, problem: { field: 'address', reason: 'tooLong' } };
  if (request.timeZone.trim() === '')
    return { ok: false, problem: { field: 'timeZone', reason: 'required' } };
  const timeZone = canonicalTimeZone(request.timeZone);
  if (!timeZone) return { ok: false, problem: { field: 'timeZone', reason: 'unknown' } };
  if (timeZone !== current.timeZone && current.performances > 0)
    return {
      ok: false,
      problem: { field: 'timeZone', reason: 'hasPerformances', performances: current.performances },
    };
  if (request.currencyLocale.trim() === '')
    return { ok: false, problem: { field: 'currencyLocale', reason: 'required' } };
  const key = currencyLocaleKey(request.currencyLocale);
  const locale = CURRENCY_LOCALES.find((l) => l.key === key);
  if (!locale) return { ok: false, problem: { field: 'currencyLocale', reason: 'unknown' } };
  return {
    ok: true,
    venue: {
      name,
      displayName,
      address: address === '' ? null : address,
      timeZone,
      currencyLocale: locale.key,
      country: locale.country,
      isoCurrencyCode: locale.currency,
    },
  };
};

/** A configuration's new name: trimmed, not empty, at most NAME_LIMIT characters. */
export const configurationNameOf = (
  name: string,
):
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly reason: 'required' | 'tooLong' } => {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, reason: 'required' };
  if (trimmed.length > NAME_LIMIT) return { ok: false, reason: 'tooLong' };
  return { ok: true, name: trimmed };
};
