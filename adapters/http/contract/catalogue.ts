import { z } from 'zod';

// Shared with web/: no server imports here. Field names are the storefront's established ones
// (EventID, StartDateTime, ...), which browsers and scripts already send.

/** A database id in a path or query: a positive whole number. */
const Id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');
const SeriesCode = z.string().trim().min(1).max(64);
const SalesChannel = z.string().trim().max(32).optional();

export const Venue = z.object({
  ID: z.number().int(),
  Name: z.string(),
  DisplayName: z.string(),
  Country: z.string(),
  IsoCurrencyCode: z.string(),
  CurrencyLocale: z.string(),
  TimeZone: z.string(),
});

/** Availability of an event: SoldOut when nothing is left, Low under 10 %, Medium under 40 %. */
export const Availability = z.enum(['High', 'Medium', 'Low', 'SoldOut']);

export const LinkedEvent = z.object({
  id: z.number().int(),
  localDate: z.string(),
  name: z.string(),
  urlSafeName: z.string(),
  isBeforeSaleDate: z.boolean(),
  IsPreSale: z.boolean(),
});

export const Event = z.object({
  ID: z.number().int(),
  Name: z.string(),
  UrlSafeName: z.string(),
  /** Local wall-clock start in the venue's time zone, ISO without offset: 2026-12-01T19:30:00 */
  LocalDate: z.string(),
  /** Local wall-clock end, same format, or null. */
  EndDate: z.string().nullable(),
  /** UTC instant of the start. */
  StartsAtUtc: z.string(),
  EventTemplateCode: z.string(),
  EventTemplateID: z.number().int(),
  EventTemplateName: z.string(),
  VenueConfigurationID: z.number().int(),
  UseHeavyOnSale: z.boolean(),
  IsBeforeSaleDate: z.boolean(),
  IsPresale: z.boolean(),
  LocalOnSaleDate: z.string(),
  PromotionIDs: z.array(z.number().int()),
  HasProducts: z.boolean(),
  Availability,
  /** #rrggbb dot colour for the calendar, from Availability. */
  AvailabilityColor: z.string(),
  MobileImageUrl: z.string().nullable(),
  SecondaryMarketEventId: z.string().nullable(),
  linkedEvent: LinkedEvent.nullable(),
  SpecialLinkedEvent: z.boolean(),
  /** Cancelled events are never listed; GET /api/events/{id} still answers them, flagged. */
  IsCancelled: z.boolean(),
  Venue,
  inActivePromotion: z.boolean(),
  /** Storefront path of the seat selection (or best-available for heavy on-sale events). */
  SelectSeatsUrl: z.string(),
  UpfrontFeeDisclosure: z.string().nullable(),
  HoursToEvent: z.number(),
});
export type Event = z.infer<typeof Event>;

export const EventList = z.object({ Items: z.array(Event), HasMore: z.boolean() });
export type EventList = z.infer<typeof EventList>;

/** GET /api/events query. Dates are MM-DD-YYYY as in the storefront URLs. */
export const EventListQuery = z.object({
  SeriesCode: z.string().trim().min(1).max(64).optional(),
  StartDate: z
    .string()
    .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be MM-DD-YYYY')
    .optional(),
  Limit: z.coerce.number().int().min(1).max(100).default(100),
  Offset: z.coerce.number().int().min(0).default(0),
  /** At most this many upcoming events per series (the home page lists each series' next dates). */
  PerSeries: z.coerce.number().int().min(1).max(10).optional(),
  salesChannel: z.string().trim().max(32).optional(),
});

export const EventTemplate = z.object({
  FirstShowStartDate: z.string().nullable(),
  LastShowEndDate: z.string().nullable(),
  CurrentTemplateFirstShowStartDate: z.string().nullable(),
  CurrentTemplateLastShowEndDate: z.string().nullable(),
});

export const SeriesPromotion = z.object({
  ID: z.number().int(),
  /** Listings give the code only for outlet sales (applied without typing); validation echoes it. */
  Code: z.string().nullable(),
  DisplayName: z.string(),
  IsPresale: z.boolean(),
  HidePreSale: z.boolean(),
  PromoStarted: z.boolean(),
  PromoEnded: z.boolean(),
  LocalStartDate: z.string().nullable(),
  GroupPromoCode: z.boolean(),
  InstructionText: z.string().nullable(),
  restrictToCustomerTag: z.boolean(),
  restrictToCustomerTagIds: z.array(z.number().int()),
  HideFullRetailPriceOnWeb: z.boolean(),
  IsOutletSale: z.boolean(),
  /** The one-time group code validatepromocode accepted (used up at checkout), else null. */
  usedGroupCode: z.string().nullable(),
});
export type SeriesPromotion = z.infer<typeof SeriesPromotion>;

export const Package = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string().nullable(),
  RequirePackagePurchase: z.boolean(),
  EventIDs: z.array(z.number().int()),
});

export const CalendarSeries = EventTemplate.extend({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string().nullable(),
  ImageUrl: z.string().nullable(),
  /** Local dates (YYYY-MM-DD) of the first and last shows of this series code. */
  FirstSeriesCodeDates: z.string().nullable(),
  LastSeriesCodeDates: z.string().nullable(),
  FutureEventTemplateCode: z.string().nullable(),
  PastEventTemplateCode: z.string().nullable(),
  IsCalendarView: z.boolean(),
  SoldOutHeader: z.string().nullable(),
  SoldOutMessage: z.string().nullable(),
  NoBestAvailable: z.boolean(),
  VenueCurrencyLocale: z.string(),
  ADAAgreement: z.string().nullable(),
  OrderTicketLimit: z.number().int(),
  SecondaryMarketOption: z.enum(['None', 'Resale', 'TicketExchange']),
  Packages: z.array(Package),
  Promotions: z.array(SeriesPromotion),
  /** The event asked for with selectedEventId, if it belongs to the series. */
  SelectedEvent: Event.nullable(),
});
export type CalendarSeries = z.infer<typeof CalendarSeries>;

export const GetByMonthQuery = z.object({
  seriesCode: z.string().trim().min(1).max(64),
  /** Any instant or date in the wanted month: ISO (2026-12-01 or full) or MM-DD-YYYY. */
  requestedTime: z.string().trim().min(1),
  salesChannel: z.string().trim().max(32).optional(),
  orderId: z.coerce.number().int().positive().optional(),
});
export const EventsByMonth = z.object({
  Year: z.number().int(),
  Month: z.number().int().min(1).max(12),
  Events: z.array(Event),
});

/** GET /api/svg/svgdata/{venueConfigId}: seat geometry, cacheable (changes only with the seat map). */
export const SvgSeatRow = z.object({
  key: z.string(),
  x: z.number(),
  y: z.number(),
  viewFromSeatRow: z.number().int().nullable(),
  focalLengthFactor: z.number().nullable(),
});
export const SvgData = z.object({
  VenueConfigurationID: z.number().int(),
  Width: z.number(),
  Height: z.number(),
  FocalPoint: z.object({ x: z.number(), y: z.number() }),
  Sections: z.array(
    z.object({
      Code: z.string(),
      Name: z.string(),
      IsGA: z.boolean(),
      LabelX: z.number().nullable(),
      LabelY: z.number().nullable(),
    }),
  ),
  Rows: z.array(SvgSeatRow),
});

export const EventIdParams = z.object({ id: Id });
export const CalendarSeriesParams = z.object({ code: SeriesCode });
export const CalendarSeriesQuery = z.object({ salesChannel: SalesChannel, selectedEventId: Id.optional() });
export const VenueConfigParams = z.object({ venueConfigId: Id });
/** GET /svg/download/{venueConfigId}: admin=true asks for the box-office drawing (the same one today). */
export const SvgDownloadQuery = z.object({ admin: z.stringbool().optional() });

/** GET /api/promotions/seriespromotions */
export const SeriesPromotionsQuery = z.object({ seriesCode: SeriesCode, salesChannel: SalesChannel });
export const SeriesPromotions = z.array(SeriesPromotion);

/**
 * GET /api/promotions/validatepromocode: answers the SeriesPromotion the code unlocks, or 400
 * { Message } (empty, unknown, not for this series, not yet / no longer running, group code),
 * 401 when the promotion needs a logged-in customer, 403 when the customer lacks its tag.
 * An empty promoCode is answered 'Presale Code is empty', not a field error.
 */
export const ValidatePromoCodeQuery = z.object({
  promoCode: z.string().max(64).default(''),
  oneTimeGroupCode: z.string().max(64).optional(),
  eventTemplateCode: SeriesCode,
  salesChannel: SalesChannel,
});
