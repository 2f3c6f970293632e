import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  BoxOfficeReads,
  type EventHeader,
  type SellEventRow,
  type SellSearchResult,
} from '../../../core/inventory/box-office/ports.ts';
import type {
  BoxOfficeSnapshot,
  NamedHoldSubclass,
  StaffSeat,
} from '../../../core/inventory/box-office/view.ts';
import type { EventSeatStatus } from '../../../core/inventory/seat-status.ts';
import { isoDay, likePattern, type SellSearch } from '../../../core/inventory/box-office/sell-search.ts';
import { NotFound } from '../../../core/shared/errors.ts';
import { loadGaSections } from './ga-sections.ts';
import { availabilityByEvent, liveHoldColumn } from './seat-status/availability.ts';

// Reads of the box office's selling screens (core/inventory/box-office/ports.ts). Reads only:
// live holds are judged with seat-status/availability.ts, the seat-status home.

const STAFF_SEATS_SQL = `
  select s.key, sec.name as section_name, s.row, s.number, es.price_level_id, es.status,
         es.hold_subclass_id, ${liveHoldColumn('es')}, o.name as order_name,
         s.ada_type, s.seat_alert_id, sec.is_ga
    from event_seats es
    join seats s on s.id = es.seat_id
    join sections sec on sec.id = s.section_id
    left join orders o on o.id = es.order_id and es.status = 'Sold'
   where es.event_id = ?
   order by es.seat_id`;

type StaffSeatRow = [
  string,
  string,
  string,
  string,
  number,
  EventSeatStatus,
  number | null,
  boolean,
  string | null,
  string | null,
  number | null,
  boolean,
];

const loadStaffSeats = async (db: Knex, eventId: number): Promise<StaffSeat[]> => {
  const result: { rows: StaffSeatRow[] } = await db
    .raw(STAFF_SEATS_SQL, [eventId])
    .options({ rowMode: 'array' });
  return result.rows.map(
    ([
      key,
      sectionName,
      row,
      number,
      priceLevelId,
      status,
      holdSubclassId,
      liveBasketHold,
      orderName,
      adaType,
      seatAlertId,
      isGa,
    ]) => ({
      key,
      sectionName,
      row,
      number,
      priceLevelId,
      status,
      holdSubclassId,
      liveBasketHold,
      orderName,
      adaType,
      seatAlertId,
      isGa,
    }),
  );
};

const loadNamedHoldSubclasses = async (db: Knex): Promise<NamedHoldSubclass[]> => {
  const rows: { id: number; name: string; class_name: string; is_kill: boolean; channels: string[] }[] =
    await db('hold_subclasses as hs')
      .join('hold_classes as c', 'c.id', 'hs.hold_class_id')
      .leftJoin('hold_subclass_sales_channels as hc', 'hc.hold_subclass_id', 'hs.id')
      .leftJoin('sales_channels as sc', 'sc.id', 'hc.sales_channel_id')
      .where('hs.is_archived', false)
      .groupBy('hs.id', 'hs.name', 'c.name', 'hs.is_kill')
      .orderBy([{ column: 'c.name' }, { column: 'hs.name' }])
      .select(
        'hs.id',
        'hs.name',
        'c.name as class_name',
        'hs.is_kill',
        db.raw(`coalesce(array_agg(lower(sc.code)) filter (where sc.code is not null), '{}') as channels`),
      );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    className: r.class_name,
    isKill: r.is_kill,
    channelCodes: new Set(r.channels),
  }));
};

const loadSnapshot = async (db: Knex, eventId: number): Promise<BoxOfficeSnapshot | undefined> => {
  const event: { venue_configuration_id: number } | undefined = await db('events')
    .where({ id: eventId })
    .first('venue_configuration_id');
  if (!event) return undefined;
  const [seats, gaSections, holdSubclasses, levels] = await Promise.all([
    loadStaffSeats(db, eventId),
    loadGaSections(db, eventId),
    loadNamedHoldSubclasses(db),
    db('price_levels').where({ event_id: eventId }).select<{ id: number; label: string }[]>('id', 'label'),
  ]);
  return {
    eventId,
    venueConfigurationId: event.venue_configuration_id,
    seats,
    gaSections,
    holdSubclasses,
    priceLevels: new Map(levels.map((l) => [l.id, l.label])),
  };
};

const LOCAL_DATE = `to_char(e.starts_at at time zone v.time_zone, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** Active events with their series and venue; upcoming means not started more than 4 hours ago. */
const eventRows = (db: Knex) =>
  db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('e.status', 'Active')
    .where('t.is_archived', false)
    .whereRaw(`e.starts_at > now() - interval '4 hours'`)
    .select(
      'e.id',
      'e.name',
      'e.url_safe_name',
      't.code as series_code',
      't.display_name as series_name',
      'v.display_name as venue_name',
      'e.venue_configuration_id',
      db.raw(`${LOCAL_DATE} as local_date`),
    );

type EventRowRecord = {
  id: number;
  name: string;
  url_safe_name: string;
  series_code: string;
  series_name: string;
  venue_name: string;
  venue_configuration_id: number;
  local_date: string;
};

const withCounts = async (db: Knex, rows: EventRowRecord[]): Promise<SellEventRow[]> => {
  const counts = await availabilityByEvent(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    eventId: r.id,
    name: r.name,
    urlSafeName: r.url_safe_name,
    seriesCode: r.series_code,
    seriesName: r.series_name,
    localDate: r.local_date,
    venueName: r.venue_name,
    open: counts.get(r.id)?.open ?? 0,
    total: counts.get(r.id)?.total ?? 0,
  }));
};

const textMatch = (query: Knex.QueryBuilder, text: string, alias: { name: string; code: string }) =>
  query.where((w) =>
    w
      .whereRaw(`lower(${alias.code}) = lower(?)`, [text])
      .orWhereRaw(`${alias.name} ilike ?`, [likePattern(text)]),
  );

const search = async (db: Knex, wanted: SellSearch, limit: number): Promise<SellSearchResult> => {
  const events = eventRows(db)
    .orderBy([{ column: 'e.starts_at' }, { column: 'e.id' }])
    .limit(limit);
  if (wanted.text !== null)
    events.where((w) =>
      w
        .whereRaw(`lower(t.code) = lower(?)`, [wanted.text])
        .orWhereRaw(`t.display_name ilike ?`, [likePattern(wanted.text!)])
        .orWhereRaw(`t.name ilike ?`, [likePattern(wanted.text!)])
        .orWhereRaw(`e.name ilike ?`, [likePattern(wanted.text!)]),
    );
  if (wanted.day !== null)
    events.whereRaw(`(e.starts_at at time zone v.time_zone)::date = ?::date`, [isoDay(wanted.day)]);
  const series = db('event_templates as t')
    .where('t.is_archived', false)
    .join('events as e', 'e.event_template_id', 't.id')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('e.status', 'Active')
    .whereRaw(`e.starts_at > now() - interval '4 hours'`)
    .groupBy('t.id', 't.code', 't.display_name')
    .orderByRaw('min(e.starts_at), t.id')
    .limit(20)
    .select(
      't.id',
      't.code',
      't.display_name as name',
      db.raw('count(e.id)::int as upcoming'),
      db.raw(
        `to_char(min(e.starts_at at time zone v.time_zone), 'YYYY-MM-DD"T"HH24:MI:SS') as next_local_date`,
      ),
    );
  if (wanted.text !== null) textMatch(series, wanted.text, { name: 't.display_name', code: 't.code' });
  if (wanted.day !== null)
    series.whereRaw(`(e.starts_at at time zone v.time_zone)::date = ?::date`, [isoDay(wanted.day)]);
  const [eventList, seriesList] = await Promise.all([
    events as Promise<EventRowRecord[]>,
    series as Promise<
      { id: number; code: string; name: string; upcoming: number; next_local_date: string | null }[]
    >,
  ]);
  return {
    series: seriesList.map((s) => ({
      seriesId: s.id,
      code: s.code,
      name: s.name,
      upcomingCount: s.upcoming,
      nextLocalDate: s.next_local_date,
    })),
    events: await withCounts(db, eventList),
  };
};

const eventHeader = async (db: Knex, eventId: number): Promise<EventHeader | undefined> => {
  const row: (EventRowRecord & { series_code: string }) | undefined = await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .join('venues as v', 'v.id', 'vc.venue_id')
    .where('e.id', eventId)
    .first(
      'e.id',
      'e.name',
      'e.url_safe_name',
      't.code as series_code',
      't.display_name as series_name',
      'v.display_name as venue_name',
      'e.venue_configuration_id',
      db.raw(`${LOCAL_DATE} as local_date`),
    );
  return row
    ? {
        eventId: row.id,
        name: row.name,
        seriesCode: row.series_code,
        seriesName: row.series_name,
        localDate: row.local_date,
        venueConfigurationId: row.venue_configuration_id,
        venueName: row.venue_name,
      }
    : undefined;
};

const groupSalesSeries = async (db: Knex, code: string) => {
  const series: { id: number; code: string; display_name: string } | undefined = await db('event_templates')
    .whereRaw('lower(code) = lower(?)', [code])
    .first('id', 'code', 'display_name');
  if (!series) return undefined;
  const rows: EventRowRecord[] = await eventRows(db)
    .where('e.event_template_id', series.id)
    .orderBy([{ column: 'e.starts_at' }, { column: 'e.id' }])
    .limit(200);
  // Seats held in subclasses the group-sales channel may sell and in no live basket.
  const held: { event_id: number; seats: number }[] =
    rows.length === 0
      ? []
      : (
          await db.raw(
            `select x.event_id, count(*)::int as seats
               from (select es.event_id, es.hold_subclass_id, ${liveHoldColumn('es')}
                       from event_seats es
                      where es.event_id = any(?::int[]) and es.status = 'Hold') x
               join hold_subclasses hs on hs.id = x.hold_subclass_id and not hs.is_kill
              where not x.live_hold
                and exists (select 1 from hold_subclass_sales_channels hc
                              join sales_channels sc on sc.id = hc.sales_channel_id
                             where hc.hold_subclass_id = x.hold_subclass_id and lower(sc.code) = 'groupsales')
              group by x.event_id`,
            [`{${rows.map((r) => r.id).join(',')}}`],
          )
        ).rows;
  const heldBy = new Map(held.map((h) => [h.event_id, h.seats]));
  const events = await withCounts(db, rows);
  return {
    seriesId: series.id,
    code: series.code,
    name: series.display_name,
    events: events.map((e) => ({ ...e, groupHeldSeats: heldBy.get(e.eventId) ?? 0 })),
  };
};

const orNotFound = <A>(entity: string, id: string, read: () => Promise<A | undefined>) =>
  Effect.flatMap(Effect.promise(read), (found) =>
    found === undefined ? Effect.fail(new NotFound({ entity, id })) : Effect.succeed(found),
  );

export const BoxOfficeReadsPostgres = (db: Knex) =>
  Layer.succeed(BoxOfficeReads, {
    staffSeats: (eventId) => orNotFound('Event', String(eventId), () => loadSnapshot(db, eventId)),
    eventHeader: (eventId) => orNotFound('Event', String(eventId), () => eventHeader(db, eventId)),
    search: (wanted, limit) => Effect.promise(() => search(db, wanted, limit)),
    groupSalesSeries: (code) => orNotFound('Series', code, () => groupSalesSeries(db, code)),
  });
