import type { Knex } from 'knex';
import type { Venue } from '../../../core/catalogue/event.ts';

// An event's venue is reached through its venue configuration: `events as e` joined to
// `venue_configurations as vc` and `venues as v`, with or without its series `event_templates as
// t`. The catalogue, the basket's sale context, pricing and order records all read events this
// way; the aliases are the ones their column lists use.

/** Adds the venue configuration `vc` and the venue `v` of `events as e` to a query. */
export const joinVenue = <Q extends Knex.QueryBuilder>(query: Q): Q =>
  query
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id') as Q;

/** `events as e` with its venue configuration `vc` and venue `v`. */
export const eventsWithVenue = (db: Knex | Knex.Transaction) => joinVenue(db('events as e'));

/** `events as e` with its series `t`, venue configuration `vc` and venue `v`. */
export const eventsWithSeriesAndVenue = (db: Knex | Knex.Transaction) =>
  joinVenue(db('events as e').join('event_templates as t', 't.id', 'e.event_template_id'));

export interface VenueColumns {
  venue_id: number;
  venue_name: string;
  venue_display_name: string;
  venue_country: string;
  venue_time_zone: string;
  venue_currency: string;
  venue_currency_locale: string;
}

/** The venue columns of a query joining `venues as v`, named as VenueColumns. */
export const venueColumns = [
  'v.id as venue_id',
  'v.name as venue_name',
  'v.display_name as venue_display_name',
  'v.country as venue_country',
  'v.time_zone as venue_time_zone',
  'v.iso_currency_code as venue_currency',
  'v.currency_locale as venue_currency_locale',
];

export const venueOf = (r: VenueColumns): Venue => ({
  id: r.venue_id,
  name: r.venue_name,
  displayName: r.venue_display_name,
  country: r.venue_country,
  timeZone: r.venue_time_zone,
  isoCurrencyCode: r.venue_currency,
  currencyLocale: r.venue_currency_locale,
});
