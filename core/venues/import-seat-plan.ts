import { Effect } from 'effect';
import { HouseCurrencySetting, type SettingsActor } from '../accounts/house-currency.ts';
import { configurationLayout } from './configuration-layout.ts';
import { newVenueOf, type NewVenueRequest } from './new-venue.ts';
import { readSeatPlanFile } from './plan-file.ts';
import type { GeneralAdmissionArea } from './pretix-plan.ts';
import { NewVenueInvalid, SeatPlanInvalid, VenueImports, type VenueChoice } from './ports.ts';

// `foyer venues import`: a seat plan file (pretix's JSON or a CSV, told apart by content) becomes a
// new venue configuration, of a venue named by id or of a new one. Only ever adds: an existing
// configuration, and so a seat performances have sold on it, is never touched.

export interface SeatPlanImport {
  readonly text: string;
  readonly configurationName: string;
  readonly venue: { readonly venueId: number } | { readonly newVenue: NewVenueRequest };
  /** pretix areas to sell as standing floors (pretix's file has no capacity). */
  readonly generalAdmission?: readonly GeneralAdmissionArea[];
  /** Who imports it, for the audit log. */
  readonly by: SettingsActor;
}

export const importSeatPlan = (request: SeatPlanImport) =>
  Effect.gen(function* () {
    const reading = readSeatPlanFile(request.text, { generalAdmission: request.generalAdmission ?? [] });
    if (!reading.ok)
      return yield* Effect.fail(new SeatPlanInvalid({ problems: reading.problems, more: reading.more }));
    const imports = yield* VenueImports;
    let venue: VenueChoice;
    if ('venueId' in request.venue) venue = { kind: 'existing', venueId: request.venue.venueId };
    else {
      const made = newVenueOf(request.venue.newVenue, {
        currency: yield* (yield* HouseCurrencySetting).current(),
        venueTimeZones: yield* imports.venueTimeZones(),
      });
      if (!made.ok) return yield* Effect.fail(new NewVenueInvalid(made.problem));
      venue = { kind: 'new', venue: made.venue };
    }
    const stored = yield* imports.addConfiguration({
      venue,
      name: request.configurationName.trim(),
      layout: configurationLayout(reading.plan),
      format: reading.plan.format,
      by: request.by,
    });
    return { plan: reading.plan, stored };
  });
