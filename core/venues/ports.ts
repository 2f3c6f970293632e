import { Context, Data, type Effect } from 'effect';
import type { SettingsActor } from '../accounts/house-currency.ts';
import type { ConfigurationLayout } from './configuration-layout.ts';
import type { PlanProblem } from './seat-plan.ts';

// What importing a seat plan needs from the world (PostgreSQL: adapters/postgres/venues/): the
// house's venues' time zones, and a place to store a new configuration, all of it or nothing.

/** A venue made with its first configuration (migrations/20261122000100_catalogue.ts, venues). */
export interface NewVenue {
  readonly name: string;
  readonly displayName: string;
  /** ISO 3166 alpha-2, from the currency locale. */
  readonly country: string;
  /** IANA, e.g. America/New_York. */
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  /** A key of core/i18n/currency-locales.ts, e.g. en-us. */
  readonly currencyLocale: string;
}

export type VenueChoice =
  | { readonly kind: 'existing'; readonly venueId: number }
  | { readonly kind: 'new'; readonly venue: NewVenue };

export interface StoredConfiguration {
  readonly venueId: number;
  readonly venueName: string;
  readonly venueCreated: boolean;
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
  readonly configurationId: number;
  readonly configurationName: string;
  readonly sections: number;
  readonly seats: number;
  /** The places of its general-admission sections, together. */
  readonly gaPlaces: number;
  readonly alerts: number;
}

export class VenueImports extends Context.Service<
  VenueImports,
  {
    /** The time zones of the house's venues, each once, in order. */
    readonly venueTimeZones: () => Effect.Effect<readonly string[]>;
    /**
     * Stores the layout as a new configuration named `name` of the chosen venue (made first when
     * new), audited as `by`, in one transaction: on any failure nothing of it is left. Never
     * changes an existing configuration.
     */
    readonly addConfiguration: (request: {
      readonly venue: VenueChoice;
      readonly name: string;
      readonly layout: ConfigurationLayout;
      /** What the file was, for the audit row. */
      readonly format: 'pretix' | 'csv';
      readonly by: SettingsActor;
    }) => Effect.Effect<StoredConfiguration, VenueNotFound>;
  }
>()('foyer/venues/VenueImports') {}

/** --venue named a venue there is not. Nothing was changed. */
export class VenueNotFound extends Data.TaggedError('VenueNotFound')<{ readonly venueId: number }> {}

/** The file is not a seat plan Foyer can import: every problem with its place (the first 50, and how many more). */
export class SeatPlanInvalid extends Data.TaggedError('SeatPlanInvalid')<{
  readonly problems: readonly PlanProblem[];
  readonly more: number;
}> {}

/** A new venue's time zone or currency locale is wrong or cannot be chosen. Nothing was changed. */
export class NewVenueInvalid extends Data.TaggedError('NewVenueInvalid')<{
  readonly field: 'name' | 'timeZone' | 'currencyLocale';
  readonly message: string;
}> {}
