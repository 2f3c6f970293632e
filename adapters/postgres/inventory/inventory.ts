import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { Inventory } from '../../../core/inventory/ports.ts';
import type { EventSeat, EventSeatsSnapshot, SalesChannel } from '../../../core/inventory/event-inventory.ts';
import type { EventSeatStatus, HoldSubclassRule } from '../../../core/inventory/seat-status.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { loadGaSections } from './ga-sections.ts';
import { liveHoldColumn } from './seat-status/availability.ts';

// The seat map's live layer for the 20,000-seat arena must be cheap: one statement over
// event_seats and seats, only the columns the payload needs, rows as arrays (no per-row
// objects from the driver). A basket hold counts only while it is live (seat-status/live-hold.ts),
// judged in the statement itself: expiry needs no worker.
const SEATS_SQL = `
  select s.key, es.price_level_id, es.status, es.hold_subclass_id,
         ${liveHoldColumn('es')},
         s.ada_type, s.seat_alert_id, sec.is_ga
    from event_seats es
    join seats s on s.id = es.seat_id
    join sections sec on sec.id = s.section_id
   where es.event_id = ?
   order by es.seat_id`;

type SeatRow = [
  string,
  number,
  EventSeatStatus,
  number | null,
  boolean,
  string | null,
  number | null,
  boolean,
];

const loadSeats = async (db: Knex, eventId: number): Promise<EventSeat[]> => {
  const result: { rows: SeatRow[] } = await db.raw(SEATS_SQL, [eventId]).options({ rowMode: 'array' });
  const seats: EventSeat[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++) {
    const [key, priceLevelId, status, holdSubclassId, liveBasketHold, adaType, seatAlertId, isGa] =
      result.rows[i]!;
    seats[i] = { key, priceLevelId, status, holdSubclassId, liveBasketHold, adaType, seatAlertId, isGa };
  }
  return seats;
};

export const loadHoldSubclasses = async (db: Knex): Promise<HoldSubclassRule[]> => {
  const rows: { id: number; is_kill: boolean; channels: string[] }[] = await db('hold_subclasses as hs')
    .leftJoin('hold_subclass_sales_channels as hc', 'hc.hold_subclass_id', 'hs.id')
    .leftJoin('sales_channels as sc', 'sc.id', 'hc.sales_channel_id')
    .groupBy('hs.id', 'hs.is_kill')
    .select(
      'hs.id',
      'hs.is_kill',
      db.raw(`coalesce(array_agg(lower(sc.code)) filter (where sc.code is not null), '{}') as channels`),
    );
  return rows.map((r) => ({ id: r.id, isKill: r.is_kill, channelCodes: new Set(r.channels) }));
};

/** Packages that include the event and price a level's zone, by price level. */
const loadPackageIds = async (db: Knex, eventId: number): Promise<Map<number, number[]>> => {
  const rows: { price_level_id: number; package_id: number }[] = await db('package_events as pe')
    .join('package_prices as pp', 'pp.package_id', 'pe.package_id')
    .join('price_levels as pl', (j) => j.on('pl.event_id', 'pe.event_id').andOn('pl.zone', 'pp.zone'))
    .where('pe.event_id', eventId)
    .distinct('pl.id as price_level_id', 'pe.package_id')
    .orderBy(['price_level_id', 'package_id']);
  const byLevel = new Map<number, number[]>();
  for (const row of rows)
    byLevel.set(row.price_level_id, [...(byLevel.get(row.price_level_id) ?? []), row.package_id]);
  return byLevel;
};

export const loadEventSeats = async (db: Knex, eventId: number): Promise<EventSeatsSnapshot | undefined> => {
  const event: { venue_configuration_id: number } | undefined = await db('events')
    .where({ id: eventId })
    .first('venue_configuration_id');
  if (!event) return undefined;
  const [seats, gaSections, holdSubclasses, packageIdsByPriceLevel] = await Promise.all([
    loadSeats(db, eventId),
    loadGaSections(db, eventId),
    loadHoldSubclasses(db),
    loadPackageIds(db, eventId),
  ]);
  return {
    eventId,
    venueConfigurationId: event.venue_configuration_id,
    seats,
    gaSections,
    holdSubclasses,
    packageIdsByPriceLevel,
  };
};

/**
 * Sales channels change only with the demo data or a migration, and every best-available call
 * and seat map needs them: read at most every SALES_CHANNELS_TTL_MS (concurrent misses share
 * one read), as the basket's sale context does.
 */
const SALES_CHANNELS_TTL_MS = 2_000;

const loadSalesChannels = async (db: Knex): Promise<SalesChannel[]> => {
  const rows: { id: number; code: string; name: string; is_admin: boolean }[] = await db('sales_channels')
    .orderBy('id')
    .select('id', 'code', 'name', 'is_admin');
  return rows.map((r): SalesChannel => ({ id: r.id, code: r.code, name: r.name, isAdmin: r.is_admin }));
};

export const cachedSalesChannels = (db: Knex, ttlMs = SALES_CHANNELS_TTL_MS, now = Date.now) => {
  let entry: { at: number; value: Promise<SalesChannel[]> } | undefined;
  return (): Promise<SalesChannel[]> => {
    if (entry && now() - entry.at < ttlMs) return entry.value;
    const fresh = { at: now(), value: loadSalesChannels(db) };
    entry = fresh;
    fresh.value.catch(() => {
      if (entry === fresh) entry = undefined;
    });
    return fresh.value;
  };
};

export const InventoryPostgres = (db: Knex) => {
  const salesChannels = cachedSalesChannels(db);
  return Layer.succeed(Inventory, {
    eventSeats: (eventId) =>
      Effect.flatMap(
        Effect.promise(() => loadEventSeats(db, eventId)),
        (snapshot) =>
          snapshot
            ? Effect.succeed(snapshot)
            : Effect.fail(new NotFound({ entity: 'Event', id: String(eventId) })),
      ),
    salesChannels: () => Effect.promise(salesChannels),
  });
};
