import { z } from 'zod';

// Venues and their seat maps, for staff who manage events. Shared with web/: no server imports here.
//   GET  /api/admin/venues                                  VenueList
//   GET  /api/admin/venues/{venueId}                        VenueView (with its Version)
//   PUT  /api/admin/venues/{venueId}                        VenueEdit -> VenueView; 409 Reason 'stale'
//        (saved by someone else since the form loaded) or 'timeZoneLocked' (performances on it);
//        400 names the field (Fields)
//   GET  /api/admin/venues/configurations/{configurationId} ConfigurationView
//   PUT  /api/admin/venues/configurations/{configurationId}/name  ConfigurationRename -> ConfigurationView
//   POST /api/admin/venues/configurations/preview           SeatPlanUpload -> PreviewAnswer (stores nothing)
//   POST /api/admin/venues/configurations                   SeatPlanImportBody -> ImportedConfiguration (201);
//        422 { Problems, More } for a bad file, 400 Fields for a new venue's field, 404 unknown venue

/** The most a seat plan file may hold, in characters (the page refuses a larger file first). */
export const SEAT_PLAN_MAX_CHARS = 10 * 1024 * 1024;

const Id = z.coerce.number().int().positive();
export const VenueIdParams = z.object({ venueId: Id });
export const ConfigurationIdParams = z.object({ configurationId: Id });

export const ConfigurationRow = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Seats: z.number().int(),
  StandingPlaces: z.number().int(),
  Sections: z.number().int(),
  Performances: z.number().int(),
  PerformancesWithSales: z.number().int(),
});

const VenueFields = {
  ID: z.number().int(),
  Name: z.string(),
  DisplayName: z.string(),
  Address: z.string().nullable(),
  TimeZone: z.string(),
  CurrencyLocale: z.string(),
  IsoCurrencyCode: z.string(),
  Country: z.string(),
  Version: z.number().int(),
};

export const VenueRow = z.object({ ...VenueFields, Configurations: z.array(ConfigurationRow) });
export const VenueList = z.array(VenueRow);
export type VenueRow = z.infer<typeof VenueRow>;

export const VenueView = z.object({ ...VenueFields, Performances: z.number().int() });
export type VenueView = z.infer<typeof VenueView>;

export const VenueEdit = z.object({
  Version: z.number().int().positive(),
  Name: z.string().max(1000),
  DisplayName: z.string().max(1000),
  Address: z.string().max(2000).default(''),
  TimeZone: z.string().max(100),
  CurrencyLocale: z.string().max(20),
});
export type VenueEdit = z.input<typeof VenueEdit>;

const Accessible = z.enum(['Wheelchair', 'Companion', 'AisleTransfer', 'HearingLoop']).nullable();

export const MapSection = z.object({
  Code: z.string(),
  Name: z.string(),
  /** A standing section's places; null for a seated one. */
  Capacity: z.number().int().nullable(),
  Seats: z.number().int(),
  LabelX: z.number().nullable(),
  LabelY: z.number().nullable(),
});
export type MapSection = z.infer<typeof MapSection>;

export const MapSeatRow = z.object({
  Key: z.string(),
  Section: z.string(),
  Row: z.string(),
  Number: z.string(),
  X: z.number(),
  Y: z.number(),
  Zone: z.string(),
  Accessible,
});
export type MapSeatRow = z.infer<typeof MapSeatRow>;

export const MapZone = z.object({
  Name: z.string(),
  Color: z.string(),
  Seats: z.number().int(),
  Places: z.number().int(),
});
export type MapZone = z.infer<typeof MapZone>;

export const ConfigurationView = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Venue: z.object({ ID: z.number().int(), DisplayName: z.string(), TimeZone: z.string() }),
  Width: z.number(),
  Height: z.number(),
  Sections: z.array(MapSection),
  Zones: z.array(MapZone),
  Seats: z.array(MapSeatRow),
  Performances: z.array(
    z.object({
      ID: z.number().int(),
      Name: z.string(),
      StartsAt: z.string(),
      Cancelled: z.boolean(),
      TicketsSold: z.number().int(),
    }),
  ),
});
export type ConfigurationView = z.infer<typeof ConfigurationView>;

export const ConfigurationRename = z.object({ Name: z.string().max(1000) });

const GeneralAdmission = z.object({
  /** The pretix area's text or uuid. */
  Area: z.string().min(1).max(200),
  Capacity: z.number().int().positive().max(1_000_000),
  PriceLevel: z.string().max(100).optional(),
});

export const SeatPlanUpload = z.object({
  Text: z.string().max(SEAT_PLAN_MAX_CHARS, 'The file is larger than 10 MB.'),
  GeneralAdmission: z.array(GeneralAdmission).max(50).default([]),
});
export type SeatPlanUpload = z.input<typeof SeatPlanUpload>;

export const SeatPlanImportBody = SeatPlanUpload.extend({
  Name: z.string().max(1000),
  Venue: z.union([
    z.object({ VenueId: z.number().int().positive() }),
    z.object({
      NewVenue: z.object({
        Name: z.string().max(1000),
        TimeZone: z.string().max(100),
        CurrencyLocale: z.string().max(20),
      }),
    }),
  ]),
});
export type SeatPlanImportBody = z.input<typeof SeatPlanImportBody>;

export const PlanProblemRow = z.object({ Place: z.string(), Problem: z.string() });
export type PlanProblemRow = z.infer<typeof PlanProblemRow>;

export const PreviewAnswer = z.discriminatedUnion('Ok', [
  z.object({ Ok: z.literal(false), Problems: z.array(PlanProblemRow), More: z.number().int() }),
  z.object({
    Ok: z.literal(true),
    Format: z.enum(['pretix', 'csv']),
    PlanName: z.string().nullable(),
    Svg: z.string(),
    Width: z.number(),
    Height: z.number(),
    Sections: z.array(MapSection),
    Seats: z.array(MapSeatRow),
    Zones: z.array(MapZone),
    SeatCount: z.number().int(),
    StandingPlaces: z.number().int(),
    AccessibleSeats: z.number().int(),
    SeatsWithNotices: z.number().int(),
  }),
]);
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;

export const ImportedConfiguration = z.object({
  VenueId: z.number().int(),
  VenueCreated: z.boolean(),
  ConfigurationId: z.number().int(),
  Seats: z.number().int(),
  StandingPlaces: z.number().int(),
  Sections: z.number().int(),
});
export type ImportedConfiguration = z.infer<typeof ImportedConfiguration>;
