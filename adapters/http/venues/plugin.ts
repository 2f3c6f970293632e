import Boom from '@hapi/boom';
import type { Plugin, Request, ServerRoute } from '@hapi/hapi';
import { Cause, Exit, type Effect } from 'effect';
import type { SettingsActor } from '../../../core/accounts/house-currency.ts';
import { importSeatPlan } from '../../../core/venues/import-seat-plan.ts';
import { zonesOfConfiguration } from '../../../core/venues/price-colours.ts';
import { previewSeatPlan } from '../../../core/venues/seat-plan-preview.ts';
import {
  configurationOf,
  editVenue,
  listVenues,
  renameConfiguration,
  venueOf,
} from '../../../core/venues/venue-admin.ts';
import type { ConfigurationDetail, VenueRecord } from '../../../core/venues/venue-admin-ports.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  ConfigurationIdParams,
  ConfigurationRename,
  ConfigurationView,
  ImportedConfiguration,
  PreviewAnswer,
  SeatPlanImportBody,
  SeatPlanUpload,
  VenueEdit,
  VenueIdParams,
  VenueList,
  VenueView,
} from '../contract/venues.ts';
import { defineRoute } from '../route.ts';
import { venueRefusal } from './refusals.ts';

// Venues and their seat maps for staff who manage events (core/venues/venue-admin.ts): the list,
// a venue's edit (version-checked), a configuration's page and name, and a seat plan file
// previewed, then imported through the command line's use case (core/venues/import-seat-plan.ts).

const tags = ['admin', 'venues'];
const permission = 'manageEvents' as const;

/** The JSON body of a 10 MB file, escaped: hapi's 1 MB default would refuse it before our check. */
const PLAN_BODY_MAX_BYTES = 32 * 1024 * 1024;
const withPlanBody = (route: ServerRoute): ServerRoute => ({
  ...route,
  options: { ...(route.options as object), payload: { maxBytes: PLAN_BODY_MAX_BYTES } },
});

const actorOf = async (request: Request): Promise<SettingsActor> => {
  const staff = await staffOf(request);
  // The route's permission let only staff in.
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, name: staff.name || staff.email };
};

/** Runs a use case; its refusals become the answers refusals.ts gives them. */
const run = async <A, E>(runtime: AppRuntime, program: Effect.Effect<A, E, AppServices>): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw venueRefusal(failure.value);
  throw Cause.squash(exit.cause);
};

const venueView = (v: VenueRecord): VenueView => ({
  ID: v.id,
  Name: v.name,
  DisplayName: v.displayName,
  Address: v.address,
  TimeZone: v.timeZone,
  CurrencyLocale: v.currencyLocale,
  IsoCurrencyCode: v.isoCurrencyCode,
  Country: v.country,
  Version: v.version,
  Performances: v.performances,
});

const configurationView = (c: ConfigurationDetail): ConfigurationView => ({
  ID: c.id,
  Name: c.name,
  Venue: { ID: c.venue.id, DisplayName: c.venue.displayName, TimeZone: c.venue.timeZone },
  Width: c.width,
  Height: c.height,
  Sections: c.sections.map((s) => ({
    Code: s.code,
    Name: s.name,
    Capacity: s.capacity,
    Seats: s.seats,
    LabelX: s.labelX,
    LabelY: s.labelY,
  })),
  Zones: zonesOfConfiguration(c.seats, c.sections).map((z) => ({
    Name: z.name,
    Color: z.color,
    Seats: z.seats,
    Places: z.places,
  })),
  Seats: c.seats.map((s) => ({
    Key: s.key,
    Section: s.section,
    Row: s.row,
    Number: s.number,
    X: s.x,
    Y: s.y,
    Zone: s.zone,
    Accessible: s.accessible,
  })),
  Performances: c.performances.map((p) => ({
    ID: p.id,
    Name: p.name,
    StartsAt: p.startsAt.toISOString(),
    Cancelled: p.cancelled,
    TicketsSold: p.ticketsSold,
  })),
});

const generalAdmissionOf = (rows: SeatPlanUpload['GeneralAdmission']) =>
  (rows ?? []).map((g) => ({
    area: g.Area,
    capacity: g.Capacity,
    ...(g.PriceLevel?.trim() ? { priceLevel: g.PriceLevel.trim() } : {}),
  }));

export const venuesPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-venues',
  dependencies: ['foyer-session'],
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/venues',
        summary: 'Every venue with its configurations (seats, standing places, sections, performances)',
        tags,
        permission,
        response: VenueList,
        handler: async () =>
          (await run(runtime, listVenues())).map((v) => ({
            ID: v.id,
            Name: v.name,
            DisplayName: v.displayName,
            Address: v.address,
            TimeZone: v.timeZone,
            CurrencyLocale: v.currencyLocale,
            IsoCurrencyCode: v.isoCurrencyCode,
            Country: v.country,
            Version: v.version,
            Configurations: v.configurations.map((c) => ({
              ID: c.id,
              Name: c.name,
              Seats: c.seats,
              StandingPlaces: c.standingPlaces,
              Sections: c.sections,
              Performances: c.performances,
              PerformancesWithSales: c.performancesWithSales,
            })),
          })),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/venues/{venueId}',
        summary: 'A venue with its version and how many performances are on it (404 unknown)',
        tags,
        permission,
        params: VenueIdParams,
        response: VenueView,
        handler: async ({ params }) => venueView(await run(runtime, venueOf(params.venueId))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/venues/{venueId}',
        summary:
          "A venue's names, address, time zone and currency locale over the Version the form loaded. 409 Reason stale when saved since; 409 Reason timeZoneLocked once performances are on it; 400 names the field",
        tags,
        permission,
        params: VenueIdParams,
        payload: VenueEdit,
        response: VenueView,
        handler: async ({ params, payload, request }) =>
          venueView(
            await run(
              runtime,
              editVenue({
                venueId: params.venueId,
                version: payload.Version,
                details: {
                  name: payload.Name,
                  displayName: payload.DisplayName,
                  address: payload.Address,
                  timeZone: payload.TimeZone,
                  currencyLocale: payload.CurrencyLocale,
                },
                by: await actorOf(request),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/venues/configurations/{configurationId}',
        summary:
          'A configuration (seat map): its sections, price zones, seats and performances (404 unknown)',
        tags,
        permission,
        params: ConfigurationIdParams,
        response: ConfigurationView,
        handler: async ({ params }) =>
          configurationView(await run(runtime, configurationOf(params.configurationId))),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/venues/configurations/{configurationId}/name',
        summary:
          "Renames a configuration; its seats stay as they are. 400 Fields ['Name'] when blank or too long",
        tags,
        permission,
        params: ConfigurationIdParams,
        payload: ConfigurationRename,
        response: ConfigurationView,
        handler: async ({ params, payload, request }) =>
          configurationView(
            await run(
              runtime,
              renameConfiguration({
                configurationId: params.configurationId,
                name: payload.Name,
                by: await actorOf(request),
              }),
            ),
          ),
      }),
      withPlanBody(
        defineRoute({
          method: 'POST',
          path: '/api/admin/venues/configurations/preview',
          summary:
            "A seat plan file's text (pretix's JSON or a CSV) read as the import reads it, stored nowhere: Ok with the map to draw, or every problem with its place",
          tags,
          permission,
          payload: SeatPlanUpload,
          response: PreviewAnswer,
          handler: ({ payload }): PreviewAnswer => {
            const reading = previewSeatPlan(payload.Text, generalAdmissionOf(payload.GeneralAdmission));
            if (!reading.ok)
              return {
                Ok: false,
                Problems: reading.problems.map((p) => ({ Place: p.place, Problem: p.problem })),
                More: reading.more,
              };
            const p = reading.preview;
            return {
              Ok: true,
              Format: p.format,
              PlanName: p.planName,
              Svg: p.svg,
              Width: p.width,
              Height: p.height,
              Sections: p.sections.map((s) => ({
                Code: s.code,
                Name: s.name,
                Capacity: s.capacity,
                Seats: s.seats,
                LabelX: s.labelX,
                LabelY: s.labelY,
              })),
              Seats: p.seats.map((s) => ({
                Key: s.key,
                Section: s.section,
                Row: s.row,
                Number: s.number,
                X: s.x,
                Y: s.y,
                Zone: s.zone,
                Accessible: s.accessible,
              })),
              Zones: p.zones.map((z) => ({ Name: z.name, Color: z.color, Seats: z.seats, Places: z.places })),
              SeatCount: p.seatCount,
              StandingPlaces: p.standingPlaces,
              AccessibleSeats: p.accessibleSeats,
              SeatsWithNotices: p.seatsWithNotices,
            };
          },
        }),
      ),
      withPlanBody(
        defineRoute({
          method: 'POST',
          path: '/api/admin/venues/configurations',
          summary:
            "Imports a seat plan file as a new configuration of a venue (or of a new one), all or nothing, audited as the staff member. 201; 422 { Problems, More } for a bad file; 400 names a new venue's field; 404 unknown venue",
          tags,
          permission,
          payload: SeatPlanImportBody,
          response: ImportedConfiguration,
          handler: async ({ payload, request, h }) => {
            const { stored } = await run(
              runtime,
              importSeatPlan({
                text: payload.Text,
                configurationName: payload.Name,
                venue:
                  'VenueId' in payload.Venue
                    ? { venueId: payload.Venue.VenueId }
                    : {
                        newVenue: {
                          name: payload.Venue.NewVenue.Name,
                          timeZone: payload.Venue.NewVenue.TimeZone,
                          currencyLocale: payload.Venue.NewVenue.CurrencyLocale,
                        },
                      },
                generalAdmission: generalAdmissionOf(payload.GeneralAdmission),
                by: await actorOf(request),
              }),
            );
            return h
              .response({
                VenueId: stored.venueId,
                VenueCreated: stored.venueCreated,
                ConfigurationId: stored.configurationId,
                Seats: stored.seats,
                StandingPlaces: stored.gaPlaces,
                Sections: stored.sections,
              } satisfies ImportedConfiguration)
              .code(201)
              .header('cache-control', 'no-store');
          },
        }),
      ),
    ]);
  },
};
