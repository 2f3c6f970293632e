import type { PriceGrid as Grid } from '../../../core/performances/price-grid.ts';
import type {
  PerformanceDetail,
  PerformanceSummary as Summary,
  PriceTypeRecord,
  TemplateSummary,
} from '../../../core/performances/ports.ts';
import type {
  PerformanceSummary,
  PerformanceView,
  PriceGrid,
  PriceTypeView,
  TemplateView,
} from '../contract/performances.ts';

// The domain's records in the contract's words (adapters/http/contract/performances.ts).

export const templateView = (t: TemplateSummary): TemplateView => ({
  ID: t.id,
  Code: t.code,
  Name: t.displayName,
  VenueName: t.venueName,
  TimeZone: t.timeZone,
  IsoCurrencyCode: t.isoCurrencyCode,
  CurrencyLocale: t.currencyLocale,
  Configuration: t.configuration ? { ID: t.configuration.id, Name: t.configuration.name } : null,
  Zones: [...t.zones],
});

export const priceTypeView = (p: PriceTypeRecord): PriceTypeView => ({
  ID: p.id,
  Code: p.code,
  Name: p.name,
  ConsumerVisible: p.consumerVisible,
});

export const gridView = (g: Grid): PriceGrid => ({
  Levels: g.levels.map((l) => ({
    Zone: l.zone,
    Label: l.label,
    Color: l.color,
    DisplayOrder: l.displayOrder,
  })),
  Prices: g.prices.map((p) => ({ Zone: p.zone, PriceTypeID: p.priceTypeId, Amount: p.amount })),
  Fees: g.fees.map((f) => ({
    Zone: f.zone,
    PriceTypeID: f.priceTypeId,
    Name: f.name,
    Scope: f.scope,
    Amount: f.amount,
    RateBp: f.rateBp,
  })),
});

export const gridOf = (g: PriceGrid): Grid => ({
  levels: g.Levels.map((l) => ({
    zone: l.Zone,
    label: l.Label,
    color: l.Color,
    displayOrder: l.DisplayOrder,
  })),
  prices: g.Prices.map((p) => ({ zone: p.Zone, priceTypeId: p.PriceTypeID, amount: p.Amount })),
  fees: g.Fees.map((f) => ({
    zone: f.Zone,
    priceTypeId: f.PriceTypeID,
    name: f.Name,
    scope: f.Scope,
    amount: f.Amount,
    rateBp: f.RateBp,
  })),
});

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const summaryView = (p: Summary): PerformanceSummary => ({
  ID: p.id,
  Name: p.name,
  StartsAt: p.startsAt.toISOString(),
  EndsAt: iso(p.endsAt),
  OnSaleAt: p.onSaleAt.toISOString(),
  OffSaleAt: iso(p.offSaleAt),
  IsPresale: p.isPresale,
  Status: p.status,
  Version: p.version,
  Sold: p.sold,
  Capacity: p.capacity,
});

export const performanceView = (p: PerformanceDetail): PerformanceView => ({
  ...summaryView(p),
  Template: templateView(p.template),
  ConfigurationName: p.configurationName,
});
