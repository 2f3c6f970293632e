import type { Knex } from 'knex';
import type { SaleContext, SaleEvent } from '../../../core/basket/sale-context.ts';
import type { SalesChannel } from '../../../core/inventory/event-inventory.ts';
import type { HoldSubclassRule } from '../../../core/inventory/seat-status.ts';
import { loadEventPricing } from '../pricing/pricing.ts';

// An event's sale context: the event, its pricing (core/pricing's EventPricingData, read by the
// pricing adapter) and the hold rules. Kept for a moment per event: on an on-sale every hold
// needs it, and prices, channels and hold rules change rarely. Availability is never read
// from here; the hold statements decide it.

interface EventRow {
  id: number;
  name: string;
  url_safe_name: string;
  starts_at: Date;
  on_sale_at: Date;
  is_presale: boolean;
  use_heavy_on_sale: boolean;
  has_products: boolean;
  special_linked_event: boolean;
  status: string;
  venue_configuration_id: number;
  series_id: number;
  series_code: string;
  series_name: string;
  venue_id: number;
  venue_name: string;
  venue_display_name: string;
  venue_country: string;
  venue_time_zone: string;
  venue_currency: string;
  venue_currency_locale: string;
}

const loadEvent = async (db: Knex, eventId: number): Promise<SaleEvent | undefined> => {
  const row: EventRow | undefined = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('e.id', eventId)
    .first(
      'e.id',
      'e.name',
      'e.url_safe_name',
      'e.starts_at',
      'e.on_sale_at',
      'e.is_presale',
      'e.use_heavy_on_sale',
      'e.has_products',
      'e.special_linked_event',
      'e.status',
      'e.venue_configuration_id',
      't.id as series_id',
      't.code as series_code',
      't.display_name as series_name',
      'v.id as venue_id',
      'v.name as venue_name',
      'v.display_name as venue_display_name',
      'v.country as venue_country',
      'v.time_zone as venue_time_zone',
      'v.iso_currency_code as venue_currency',
      'v.currency_locale as venue_currency_locale',
    );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    urlSafeName: row.url_safe_name,
    startsAt: row.starts_at,
    onSaleAt: row.on_sale_at,
    isPresale: row.is_presale,
    isCancelled: row.status === 'Cancelled',
    useHeavyOnSale: row.use_heavy_on_sale,
    hasProducts: row.has_products,
    specialLinkedEvent: row.special_linked_event,
    venueConfigurationId: row.venue_configuration_id,
    series: { id: row.series_id, code: row.series_code, name: row.series_name },
    venue: {
      id: row.venue_id,
      name: row.venue_name,
      displayName: row.venue_display_name,
      country: row.venue_country,
      timeZone: row.venue_time_zone,
      isoCurrencyCode: row.venue_currency,
      currencyLocale: row.venue_currency_locale,
    },
  };
};

const loadHoldRules = async (db: Knex): Promise<HoldSubclassRule[]> => {
  const rows: { id: number; is_kill: boolean; channels: string[] }[] = await db('hold_subclasses as hs')
    .leftJoin('hold_subclass_sales_channels as hc', 'hc.hold_subclass_id', 'hs.id')
    .leftJoin('sales_channels as sc', 'sc.id', 'hc.sales_channel_id')
    .where('hs.is_archived', false)
    .groupBy('hs.id', 'hs.is_kill')
    .select(
      'hs.id',
      'hs.is_kill',
      db.raw(`coalesce(array_agg(lower(sc.code)) filter (where sc.code is not null), '{}') as channels`),
    );
  return rows.map((r) => ({ id: r.id, isKill: r.is_kill, channelCodes: new Set(r.channels) }));
};

const loadChannels = async (db: Knex): Promise<SalesChannel[]> => {
  const rows: { id: number; code: string; name: string; is_admin: boolean }[] = await db('sales_channels')
    .orderBy('id')
    .select('id', 'code', 'name', 'is_admin');
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, isAdmin: r.is_admin }));
};

export const loadSaleContext = async (db: Knex, eventId: number): Promise<SaleContext | undefined> => {
  const [event, pricing, holdSubclasses, salesChannels] = await Promise.all([
    loadEvent(db, eventId),
    loadEventPricing(db, eventId),
    loadHoldRules(db),
    loadChannels(db),
  ]);
  if (!event || !pricing) return undefined;
  return { event, pricing, holdSubclasses, salesChannels };
};

/** loadSaleContext, kept `ttlMs` per event (concurrent misses share one read). */
export const cachedSaleContexts = (db: Knex, ttlMs: number) => {
  const entries = new Map<number, { at: number; value: Promise<SaleContext | undefined> }>();
  return (eventId: number): Promise<SaleContext | undefined> => {
    const now = Date.now();
    const hit = entries.get(eventId);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = loadSaleContext(db, eventId);
    if (ttlMs > 0) {
      entries.set(eventId, { at: now, value });
      value.catch(() => entries.delete(eventId));
      if (entries.size > 1000) entries.delete(entries.keys().next().value!);
    }
    return value;
  };
};
