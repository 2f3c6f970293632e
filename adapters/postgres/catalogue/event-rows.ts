import type { Knex } from 'knex';
import type { EventRecord } from '../../../core/catalogue/event.ts';
import { isoDay } from '../../../core/catalogue/local-time.ts';
import type { EventSearch, EventSeating } from '../../../core/catalogue/ports.ts';
import { availabilityByEvent } from '../inventory/seat-status/availability.ts';
import { promotionTimingsBySeries } from '../promotions/promotion-rows.ts';
import {
  eventsWithSeriesAndVenue,
  venueColumns,
  venueOf,
  type VenueColumns,
} from '../sql/event-venue-join.ts';

// A page of events costs three statements whatever its size: the events with their series,
// venue and linked event; their availability (one grouped query); their series' promotions.

interface EventRow extends VenueColumns {
  id: number;
  name: string;
  url_safe_name: string;
  starts_at: Date;
  ends_at: Date | null;
  on_sale_at: Date;
  is_presale: boolean;
  use_heavy_on_sale: boolean;
  has_products: boolean;
  secondary_market_event_id: string | null;
  mobile_image_url: string | null;
  upfront_fee_disclosure: string | null;
  special_linked_event: boolean;
  status: string;
  venue_configuration_id: number;
  series_id: number;
  series_code: string;
  series_name: string;
  linked_id: number | null;
  linked_name: string | null;
  linked_url_safe_name: string | null;
  linked_starts_at: Date | null;
  linked_on_sale_at: Date | null;
  linked_is_presale: boolean | null;
}

/** Events joined to what their view needs; a linked event is found from either side of the link. */
const eventsWithDetails = (db: Knex) =>
  eventsWithSeriesAndVenue(db)
    .leftJoin('events as le', function () {
      this.on(
        'le.id',
        '=',
        db.raw(`coalesce(e.linked_event_id, (select r.id from events r
                 where r.linked_event_id = e.id and r.status = 'Active' order by r.starts_at, r.id limit 1))`),
      );
    })
    .select(
      'e.id',
      'e.name',
      'e.url_safe_name',
      'e.starts_at',
      'e.ends_at',
      'e.on_sale_at',
      'e.is_presale',
      'e.use_heavy_on_sale',
      'e.has_products',
      'e.secondary_market_event_id',
      'e.upfront_fee_disclosure',
      'e.special_linked_event',
      'e.status',
      'e.venue_configuration_id',
      't.id as series_id',
      't.code as series_code',
      't.display_name as series_name',
      ...venueColumns,
      'le.id as linked_id',
      'le.name as linked_name',
      'le.url_safe_name as linked_url_safe_name',
      'le.starts_at as linked_starts_at',
      'le.on_sale_at as linked_on_sale_at',
      'le.is_presale as linked_is_presale',
      db.raw('coalesce(e.mobile_image_url, t.mobile_image_url) as mobile_image_url'),
    );

/** Rows to records, availability and promotions fetched for the whole page at once. */
const completeEvents = async (db: Knex, rows: EventRow[]): Promise<EventRecord[]> => {
  if (rows.length === 0) return [];
  const [counts, promotions] = await Promise.all([
    availabilityByEvent(
      db,
      rows.map((r) => r.id),
    ),
    promotionTimingsBySeries(db, [...new Set(rows.map((r) => r.series_id))]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    urlSafeName: r.url_safe_name,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    onSaleAt: r.on_sale_at,
    isPresale: r.is_presale,
    useHeavyOnSale: r.use_heavy_on_sale,
    hasProducts: r.has_products,
    secondaryMarketEventId: r.secondary_market_event_id,
    mobileImageUrl: r.mobile_image_url,
    upfrontFeeDisclosure: r.upfront_fee_disclosure,
    specialLinkedEvent: r.special_linked_event,
    isCancelled: r.status === 'Cancelled',
    venueConfigurationId: r.venue_configuration_id,
    series: { id: r.series_id, code: r.series_code, name: r.series_name },
    venue: venueOf(r),
    linkedEvent:
      r.linked_id === null || r.linked_starts_at === null || r.linked_on_sale_at === null
        ? null
        : {
            id: r.linked_id,
            name: r.linked_name ?? '',
            urlSafeName: r.linked_url_safe_name ?? '',
            startsAt: r.linked_starts_at,
            onSaleAt: r.linked_on_sale_at,
            isPresale: r.linked_is_presale ?? false,
          },
    promotions: promotions.get(r.series_id) ?? [],
    inventory: counts.get(r.id) ?? { open: 0, total: 0 },
  }));
};

export const searchEvents = async (db: Knex, search: EventSearch) => {
  const candidates = eventsWithSeriesAndVenue(db)
    .where('e.status', 'Active')
    .select(
      'e.id',
      'e.starts_at',
      db.raw(
        'row_number() over (partition by e.event_template_id order by e.starts_at, e.id) as series_rank',
      ),
    );
  if (search.seriesCode !== undefined) candidates.whereRaw('lower(t.code) = lower(?)', [search.seriesCode]);
  else candidates.where('t.is_archived', false);
  // "On or after a local day" is read in each event's own venue time zone.
  if ('date' in search.from)
    candidates.whereRaw(`e.starts_at >= (?::date)::timestamp at time zone v.time_zone`, [
      isoDay(search.from.date),
    ]);
  else
    candidates.whereRaw(
      `e.starts_at >= date_trunc('day', ?::timestamptz at time zone v.time_zone) at time zone v.time_zone`,
      [search.from.today.toISOString()],
    );
  const page = db
    .with('candidates', candidates)
    .from('candidates')
    .select('id')
    .orderBy([
      { column: 'starts_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(search.limit + 1)
    .offset(search.offset);
  if (search.perSeries !== undefined) page.where('series_rank', '<=', search.perSeries);
  const ids = (await page).map((r: { id: number }) => r.id);
  const pageIds = ids.slice(0, search.limit);
  const hasMore = ids.length > search.limit;
  if (pageIds.length === 0) return { events: [], hasMore };
  const rows: EventRow[] = await eventsWithDetails(db).whereIn('e.id', pageIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = pageIds.map((id) => byId.get(id)).filter((r): r is EventRow => r !== undefined);
  return { events: await completeEvents(db, ordered), hasMore };
};

export const eventById = async (db: Knex, id: number): Promise<EventRecord | null> => {
  const row: EventRow | undefined = await eventsWithDetails(db).where('e.id', id).first();
  return row ? ((await completeEvents(db, [row]))[0] ?? null) : null;
};

/** One indexed row: none of the joins or counts of eventById. */
export const eventSeating = async (db: Knex, id: number): Promise<EventSeating | null> => {
  const row: { venue_configuration_id: number; use_heavy_on_sale: boolean } | undefined = await db('events')
    .where('id', id)
    .first('venue_configuration_id', 'use_heavy_on_sale');
  return row
    ? { venueConfigurationId: row.venue_configuration_id, useHeavyOnSale: row.use_heavy_on_sale }
    : null;
};

export const seriesEventsBetween = async (db: Knex, seriesId: number, start: Date, end: Date) => {
  const rows: EventRow[] = await eventsWithDetails(db)
    .where('e.event_template_id', seriesId)
    .where('e.status', 'Active')
    .where('e.starts_at', '>=', start)
    .where('e.starts_at', '<', end)
    .orderBy([
      { column: 'e.starts_at', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ]);
  return completeEvents(db, rows);
};
