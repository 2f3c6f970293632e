import { Effect } from 'effect';
import type { SettingsActor } from '../accounts/house-currency.ts';
import { VenueNotFound } from './ports.ts';
import { configurationNameOf, venueEditOf, type VenueEditRequest } from './venue-edit.ts';
import {
  ConfigurationNameRefused,
  ConfigurationNotFound,
  VenueDirectory,
  VenueEditRefused,
} from './venue-admin-ports.ts';

// The venue admin screens' use cases: list the venues, show a configuration, rename it, edit a
// venue's details. Importing a new configuration is import-seat-plan.ts; none of these touches a seat.

export const listVenues = () => VenueDirectory.use((d) => d.list());

export const venueOf = (venueId: number) =>
  Effect.gen(function* () {
    const venue = yield* VenueDirectory.use((d) => d.venue(venueId));
    if (!venue) return yield* Effect.fail(new VenueNotFound({ venueId }));
    return venue;
  });

export const configurationOf = (configurationId: number) =>
  Effect.gen(function* () {
    const found = yield* VenueDirectory.use((d) => d.configuration(configurationId));
    if (!found) return yield* Effect.fail(new ConfigurationNotFound({ configurationId }));
    return found;
  });

export const renameConfiguration = (request: {
  readonly configurationId: number;
  readonly name: string;
  readonly by: SettingsActor;
}) =>
  Effect.gen(function* () {
    const checked = configurationNameOf(request.name);
    if (!checked.ok) return yield* Effect.fail(new ConfigurationNameRefused({ reason: checked.reason }));
    return yield* VenueDirectory.use((d) =>
      d.renameConfiguration({ configurationId: request.configurationId, name: checked.name, by: request.by }),
    );
  });

/** Saves a venue's details over the version the form loaded; a stale form is refused whole. */
export const editVenue = (request: {
  readonly venueId: number;
  readonly version: number;
  readonly details: VenueEditRequest;
  readonly by: SettingsActor;
}) =>
  VenueDirectory.use((d) =>
    d.saveVenue({
      venueId: request.venueId,
      version: request.version,
      by: request.by,
      check: (current) => {
        const edited = venueEditOf(request.details, current);
        return edited.ok
          ? edited
          : {
              ok: false,
              error: new VenueEditRefused({
                field: edited.problem.field,
                reason: edited.problem.reason,
                ...(edited.problem.reason === 'hasPerformances'
                  ? { performances: edited.problem.performances }
                  : {}),
              }),
            };
      },
    }),
  );
