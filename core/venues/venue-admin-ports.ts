import { Context, Data, type Effect } from 'effect';
import type { SettingsActor } from '../accounts/house-currency.ts';
import type { AccessibleType } from './seat-plan.ts';
import type { VenueEditField, VenueRow } from './venue-edit.ts';
import type { VenueNotFound } from './ports.ts';

// What the venue admin screens need from the world (PostgreSQL: adapters/postgres/venues/
// venue-directory.ts): the venues with their configurations, one configuration with its seats
// and performances, and the two edits a venue allows: its details (version-checked) and a
// configuration's name. Seats are never edited here (core/venues/README.md).

export interface ConfigurationSummary {
  readonly id: number;
  readonly name: string;
  readonly seats: number;
  readonly standingPlaces: number;
  readonly sections: number;
  readonly performances: number;
  /** Performances with at least one ticket sold. */
  readonly performancesWithSales: number;
}

export interface VenueSummary extends VenueRow {
  readonly id: number;
  readonly version: number;
  readonly configurations: readonly ConfigurationSummary[];
}

export interface VenueRecord extends VenueRow {
  readonly id: number;
  readonly version: number;
  /** Performances on any of its configurations. */
  readonly performances: number;
}

export interface ConfigurationSection {
  readonly code: string;
  readonly name: string;
  /** Set only for a standing (general-admission) section. */
  readonly capacity: number | null;
  /** A standing section's price zone. */
  readonly zone: string | null;
  readonly seats: number;
  readonly labelX: number | null;
  readonly labelY: number | null;
}

export interface ConfigurationSeat {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly zone: string;
  readonly accessible: AccessibleType | null;
}

export interface ConfigurationPerformance {
  readonly id: number;
  readonly name: string;
  readonly startsAt: Date;
  readonly cancelled: boolean;
  readonly ticketsSold: number;
}

export interface ConfigurationDetail {
  readonly id: number;
  readonly name: string;
  readonly venue: { readonly id: number; readonly displayName: string; readonly timeZone: string };
  readonly width: number;
  readonly height: number;
  readonly sections: readonly ConfigurationSection[];
  readonly seats: readonly ConfigurationSeat[];
  readonly performances: readonly ConfigurationPerformance[];
}

export class VenueDirectory extends Context.Service<
  VenueDirectory,
  {
    /** Every venue by display name, each with its configurations by name. */
    readonly list: () => Effect.Effect<readonly VenueSummary[]>;
    readonly venue: (venueId: number) => Effect.Effect<VenueRecord | null>;
    readonly configuration: (configurationId: number) => Effect.Effect<ConfigurationDetail | null>;
    /**
     * Saves the venue's details when its version is still `version`, checking them with the
     * venue's performances counted in the same transaction (`check`), and writes the audit row.
     */
    readonly saveVenue: (request: {
      readonly venueId: number;
      readonly version: number;
      readonly check: (current: {
        readonly timeZone: string;
        readonly performances: number;
      }) =>
        | { readonly ok: true; readonly venue: VenueRow }
        | { readonly ok: false; readonly error: VenueEditRefused };
      readonly by: SettingsActor;
    }) => Effect.Effect<VenueRecord, VenueNotFound | VenueStale | VenueEditRefused>;
    /** Renames a configuration (its seats stay as they are), audited. */
    readonly renameConfiguration: (request: {
      readonly configurationId: number;
      readonly name: string;
      readonly by: SettingsActor;
    }) => Effect.Effect<ConfigurationDetail, ConfigurationNotFound>;
  }
>()('foyer/venues/VenueDirectory') {}

/** Someone saved the venue since this form was loaded: nothing was changed. */
export class VenueStale extends Data.TaggedError('VenueStale')<{
  readonly venueId: number;
  readonly currentVersion: number;
}> {}

/** A venue's edit refused: a field is empty, too long or unknown, or the time zone may not change. */
export class VenueEditRefused extends Data.TaggedError('VenueEditRefused')<{
  readonly field: VenueEditField;
  readonly reason: 'required' | 'tooLong' | 'unknown' | 'hasPerformances';
  readonly performances?: number;
}> {}

export class ConfigurationNotFound extends Data.TaggedError('ConfigurationNotFound')<{
  readonly configurationId: number;
}> {}

/** A configuration's name refused (empty or too long). Nothing was changed. */
export class ConfigurationNameRefused extends Data.TaggedError('ConfigurationNameRefused')<{
  readonly reason: 'required' | 'tooLong';
}> {}
