import { z } from 'zod';

// Performances of an event template and their prices, for staff who manage events. Shared with
// web/: no server imports here. Amounts are minor units of the venue's currency; times are
// 'YYYY-MM-DDTHH:mm' on the venue's clock going in, ISO instants coming out.
//   GET  /api/admin/performances/templates/{templateId}/prices      TemplatePricesView
//   PUT  /api/admin/performances/templates/{templateId}/prices      PriceGridSave -> TemplatePricesView (409 stale)
//   GET  /api/admin/performances/pricetypes                         PriceTypeList
//   POST /api/admin/performances/pricetypes                         PriceTypeSave -> PriceTypeView (201)
//   PUT  /api/admin/performances/pricetypes/{id}                    PriceTypeChange -> PriceTypeView (409 stale)
//   GET  /api/admin/performances/templates/{templateId}             TemplatePerformancesView
//   POST /api/admin/performances/templates/{templateId}/preview     RunBody -> RunPreview
//   POST /api/admin/performances/templates/{templateId}             RunBody -> RunAdded (201; 409 no seat map)
//   GET  /api/admin/performances/events/{id}                        PerformanceView
//   PUT  /api/admin/performances/events/{id}                        PerformanceEdit -> PerformanceView (409 stale)
//   GET  /api/admin/performances/events/{id}/prices                 EventPricesView
//   PUT  /api/admin/performances/events/{id}/prices                 PriceGridSave -> EventPricesView (409 stale)

export const TemplateIdParams = z.object({ templateId: z.coerce.number().int().positive() });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

const Amount = z.number().int().min(0).max(99_999_999);
const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'a date and time written YYYY-MM-DDTHH:mm');

export const GridLevel = z.object({
  Zone: z.string().min(1).max(100),
  Label: z.string().max(200),
  Color: z.string().max(20),
  DisplayOrder: z.number().int().min(0).max(100_000),
});
export const GridPrice = z.object({
  Zone: z.string().min(1).max(100),
  PriceTypeID: z.number().int(),
  Amount,
});
export const GridFee = z.object({
  Zone: z.string().max(100).nullable(),
  PriceTypeID: z.number().int().nullable(),
  Name: z.string().max(200),
  Scope: z.enum(['Ticket', 'Order']),
  Amount,
  RateBp: z.number().int().min(0).max(10_000),
});
export const PriceGrid = z.object({
  Levels: z.array(GridLevel).max(200),
  Prices: z.array(GridPrice).max(5000),
  Fees: z.array(GridFee).max(100),
});
export type PriceGrid = z.infer<typeof PriceGrid>;

export const PriceGridSave = PriceGrid.extend({
  /** The Version the screen read: a save over someone else's is refused (409). */
  Version: z.string().min(1).max(100),
});
export type PriceGridSave = z.infer<typeof PriceGridSave>;

export const PriceTypeView = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  /** False: staff only. */
  ConsumerVisible: z.boolean(),
});
export type PriceTypeView = z.infer<typeof PriceTypeView>;
export const PriceTypeList = z.object({ PriceTypes: z.array(PriceTypeView) });

export const PriceTypeSave = z.object({
  Code: z.string().max(100),
  Name: z.string().max(200),
  ConsumerVisible: z.boolean(),
});
export type PriceTypeSave = z.infer<typeof PriceTypeSave>;
export const PriceTypeChange = PriceTypeSave.extend({ Previous: PriceTypeSave });
export type PriceTypeChange = z.infer<typeof PriceTypeChange>;

export const TemplateView = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  VenueName: z.string().nullable(),
  TimeZone: z.string(),
  IsoCurrencyCode: z.string(),
  CurrencyLocale: z.string(),
  /** The seat map new performances go on; null: none chosen yet. */
  Configuration: z.object({ ID: z.number().int(), Name: z.string() }).nullable(),
  Zones: z.array(z.string()),
});
export type TemplateView = z.infer<typeof TemplateView>;

export const TemplatePricesView = PriceGrid.extend({
  Template: TemplateView,
  PriceTypes: z.array(PriceTypeView),
  Version: z.string(),
});
export type TemplatePricesView = z.infer<typeof TemplatePricesView>;

export const PerformanceSummary = z.object({
  ID: z.number().int(),
  Name: z.string(),
  StartsAt: z.string(),
  EndsAt: z.string().nullable(),
  OnSaleAt: z.string(),
  OffSaleAt: z.string().nullable(),
  IsPresale: z.boolean(),
  Status: z.enum(['Active', 'Cancelled']),
  Version: z.number().int(),
  Sold: z.number().int(),
  Capacity: z.number().int(),
});
export type PerformanceSummary = z.infer<typeof PerformanceSummary>;

export const TemplatePerformancesView = z.object({
  Template: TemplateView,
  Performances: z.array(PerformanceSummary),
});
export type TemplatePerformancesView = z.infer<typeof TemplatePerformancesView>;

export const RunBody = z.object({
  /** 'YYYY-MM-DD', both included. */
  From: z.string().max(20),
  To: z.string().max(20),
  /** ISO weekday (1 Monday ... 7 Sunday) and its 'HH:mm'. */
  Days: z.array(z.object({ Weekday: z.number().int().min(1).max(7), Time: z.string().max(10) })).max(50),
  /** 'now' or a local date and time. */
  OnSale: z.union([z.literal('now'), LocalDateTime]),
  DurationMinutes: z.number().int().nullable().default(null),
  OffSaleMinutesBefore: z.number().int().nullable().default(null),
  IsPresale: z.boolean().default(false),
});
export type RunBody = z.input<typeof RunBody>;

export const RunPreview = z.object({
  Starts: z.array(z.object({ StartsAt: z.string(), Exists: z.boolean() })),
  New: z.number().int(),
  Existing: z.number().int(),
});
export type RunPreview = z.infer<typeof RunPreview>;

export const RunAdded = z.object({ Created: z.array(z.number().int()), Skipped: z.array(z.string()) });
export type RunAdded = z.infer<typeof RunAdded>;

export const PerformanceView = PerformanceSummary.extend({
  Template: TemplateView,
  ConfigurationName: z.string(),
});
export type PerformanceView = z.infer<typeof PerformanceView>;

export const PerformanceEdit = z.object({
  Version: z.number().int(),
  StartsAt: LocalDateTime,
  EndsAt: LocalDateTime.nullable(),
  OnSaleAt: LocalDateTime,
  OffSaleAt: LocalDateTime.nullable(),
  IsPresale: z.boolean(),
});
export type PerformanceEdit = z.infer<typeof PerformanceEdit>;

export const EventPricesView = PriceGrid.extend({
  Performance: PerformanceView,
  PriceTypes: z.array(PriceTypeView),
  Version: z.string(),
});
export type EventPricesView = z.infer<typeof EventPricesView>;
