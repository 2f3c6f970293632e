import { z } from 'zod';
import { MapGASection, MapSeat } from './inventory.ts';

// The box office's selling screens (/api/admin/eventinventory/{id}/boxoffice,
// /api/admin/sellticketseatmap, /api/admin/sell/search, /api/admin/eventtemplates/groupsalesseries).
// Shared with web/: zod only.

const eventId = z.coerce
  .number({ error: 'must be an event id' })
  .int('must be an event id')
  .positive('must be an event id')
  .max(2_147_483_647, 'must be an event id');

export const EventIdParams = z.object({ id: eventId });

export const BoxOfficeInventoryQuery = z.object({
  /** Comma-joined hold subclass ids the clerk sells from; only those the role may sell open up. */
  holdSubclassIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be comma-separated ids')
    .optional(),
});

/** A seat as staff see it: the consumer's seat plus the seat-info popover's fields. */
export const BoxOfficeSeat = MapSeat.extend({
  SectionName: z.string(),
  Row: z.string(),
  Seat: z.string(),
  PriceLevelName: z.string(),
  HoldSubclassName: z.string().optional(),
  /** The order a sold seat belongs to (F0000012). */
  OrderName: z.string().optional(),
});
export type BoxOfficeSeat = z.infer<typeof BoxOfficeSeat>;

export const BoxOfficeHoldSubclass = z.object({
  ID: z.number().int(),
  Name: z.string(),
  HoldClassName: z.string(),
  IsKill: z.boolean(),
  /** The caller's role may sell from it (ask with holdSubclassIds). */
  Sellable: z.boolean(),
  /** Asked for and sellable: its seats are Open on this map. */
  Selected: z.boolean(),
  SeatCount: z.number().int(),
});
export type BoxOfficeHoldSubclass = z.infer<typeof BoxOfficeHoldSubclass>;

export const BoxOfficeInventory = z.object({
  EventID: z.number().int(),
  VenueConfigurationID: z.number().int(),
  Version: z.string(),
  MapSeats: z.array(BoxOfficeSeat),
  MapGASections: z.array(MapGASection),
  HoldSubclasses: z.array(BoxOfficeHoldSubclass),
});
export type BoxOfficeInventory = z.infer<typeof BoxOfficeInventory>;

export const AdminEventActionKey = z.enum([
  'AttendanceMap',
  'Holds',
  'PriceLevels',
  'AccessibleSeating',
  'SeatTags',
]);

export const SellTicketSeatMapQuery = z.object({ eventId });

export const SellTicketSeatMap = z.object({
  EventID: z.number().int(),
  EventName: z.string(),
  SeriesCode: z.string(),
  SeriesName: z.string(),
  /** Venue local wall clock, ISO without offset. */
  LocalDate: z.string(),
  VenueName: z.string(),
  VenueConfigurationID: z.number().int(),
  /** The admin event pages the caller may open, by key. */
  Actions: z.array(AdminEventActionKey),
  Links: z.array(z.object({ Key: AdminEventActionKey, Path: z.string() })),
  /** The staff map's calls for this event. */
  InventoryUrl: z.string(),
  PricingUrl: z.string(),
  SvgDataUrl: z.string(),
});
export type SellTicketSeatMap = z.infer<typeof SellTicketSeatMap>;

export const SellSearchQuery = z.object({
  /** A show's name, a series code or a date (MM-DD-YYYY); empty lists what is coming up. */
  q: z.string().max(100, 'must be at most 100 characters').optional(),
  /** MM-DD-YYYY: performances starting that day (the venue's date). */
  date: z
    .string()
    .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be MM-DD-YYYY')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const SellEvent = z.object({
  EventID: z.number().int(),
  Name: z.string(),
  UrlSafeName: z.string(),
  SeriesCode: z.string(),
  SeriesName: z.string(),
  LocalDate: z.string(),
  /** MM-DD-YYYY, the startDate of the selling screen's URL. */
  StartDate: z.string(),
  VenueName: z.string(),
  /** Places open to sell and places in all (kills left out). */
  Open: z.number().int(),
  Total: z.number().int(),
  /** The staff seat map of this performance. */
  SellUrl: z.string(),
});
export type SellEvent = z.infer<typeof SellEvent>;

export const SellSeries = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  UpcomingCount: z.number().int(),
  NextLocalDate: z.string().nullable(),
  SellUrl: z.string(),
});
export type SellSeries = z.infer<typeof SellSeries>;

export const SellSearchAnswer = z.object({ Series: z.array(SellSeries), Events: z.array(SellEvent) });
export type SellSearchAnswer = z.infer<typeof SellSearchAnswer>;

export const SeriesCodeParams = z.object({ code: z.string().trim().min(1).max(64) });

export const GroupSalesSeries = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Events: z.array(SellEvent.extend({ GroupHeldSeats: z.number().int() })),
});
