import type { Knex } from 'knex';
import type { SaleContext, SaleEvent } from '../../../core/basket/sale-context.ts';
import type { SalesChannel } from '../../../core/inventory/event-inventory.ts';
import type { HoldSubclassRule } from '../../../core/inventory/seat-status.ts';
import { loadEventPricing } from '../pricing/pricing.ts';
import {
  eventsWithSeriesAndVenue,
  venueColumns,
  venueOf,
  type VenueColumns,
} from '../sql/event-venue-join.ts';

// An event's sale context: the event, its pricing (core/pricing's EventPricingData, read by the
// pricing adapter) and the hold rules. Kept for a moment per event: on an on-sale every hold
// needs it, and prices, channels and hold rules change rarely. Availability is never read
// from here; the hold statements decide it.

interface EventRow extends VenueColumns {
  id: number;
  name: string;
  url_safe_name: string;
  starts_at: Date;
  on_sale_at: Date;
  off_sale_at: Date | null;
  is_presale: boolean;
  use_heavy_on_sale: boolean;
  has_products: boolean;
  special_linked_event: boolean;
  status: string;
  venue_configuration_id: number;
  series_id: number;
  series_code: string;
  series_name: string;
}

const loadEvent = async (db: Knex, eventId: number): Promise<SaleEvent | undefined> => {
  const row: EventRow | undefined = await eventsWithSeriesAndVenue(db)
    .where('e.id', eventId)
    .first(
      'e.id',
      'e.name',
      'e.url_safe_name',
      'e.starts_at',
      'e.on_sale_at',
      'e.off_sale_at',
      'e.is_presale',
      'e.use_heavy_on_sale',
      'e.has_products',
      'e.special_linked_event',
      'e.status',
      'e.venue_configuration_id',
      't.id as series_id',
      't.code as series_code',
      't.display_name as series_name',
      ...venueColumns,
    );
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    urlSafeName: row.url_safe_name,
    startsAt: row.starts_at,
    onSaleAt: row.on_sale_at,
    offSaleAt: row.off_sale_at,
    isPresale: row.is_presale,
    isCancelled: row.status === 'Cancelled',
    useHeavyOnSale: row.use_heavy_on_sale,
    hasProducts: row.has_products,
    specialLinkedEvent: row.special_linked_event,
    venueConfigurationId: row.venue_configuration_id,
    series: { id: row.series_id, code: row.series_code, name: row.series_name },
    venue: venueOf(row),
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
