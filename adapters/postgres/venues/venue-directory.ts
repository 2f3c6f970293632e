import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { VenueNotFound } from '../../../core/venues/ports.ts';
import type { AccessibleType } from '../../../core/venues/seat-plan.ts';
import {
  ConfigurationNotFound,
  VenueDirectory,
  VenueStale,
  type ConfigurationDetail,
  type ConfigurationSummary,
  type VenueRecord,
  type VenueSummary,
} from '../../../core/venues/venue-admin-ports.ts';
import type { VenueRow } from '../../../core/venues/venue-edit.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';

// The venue admin screens' reads and edits (core/venues/venue-admin-ports.ts). A venue's save is
// version-checked under a row lock, with its performances counted in the same transaction, so
// of two saves from the same form exactly one wins and a time zone cannot change under a
// performance being added. Configurations are only renamed: their seats are never touched here.

interface VenueDbRow {
  id: number;
  name: string;
  display_name: string;
  address: string | null;
  time_zone: string;
  currency_locale: string;
  country: string;
  iso_currency_code: string;
  version: number;
}

const VENUE_COLUMNS = [
  'id',
  'name',
  'display_name',
  'address',
  'time_zone',
  'currency_locale',
  'country',
  'iso_currency_code',
  'version',
] as const;

const venueRowOf = (r: VenueDbRow): VenueRow & { id: number; version: number } => ({
  id: r.id,
  version: r.version,
  name: r.name,
  displayName: r.display_name,
  address: r.address,
  timeZone: r.time_zone,
  currencyLocale: r.currency_locale,
  country: r.country,
  isoCurrencyCode: r.iso_currency_code,
});

const performancesOf = async (db: Knex, venueId: number): Promise<number> =>
  Number(
    (
      await db('events as e')
        .join('venue_configurations as c', 'c.id', 'e.venue_configuration_id')
        .where('c.venue_id', venueId)
        .count({ n: '*' })
        .first()
    )?.n ?? 0,
  );

const listVenues = async (db: Knex): Promise<VenueSummary[]> => {
  const venues: VenueDbRow[] = await db('venues').select(VENUE_COLUMNS).orderBy(['display_name', 'id']);
  const configurations: {
    id: number;
    venue_id: number;
    name: string;
    seats: string;
    standing: string;
    sections: string;
    performances: string;
    with_sales: string;
  }[] = (
    await db.raw(`
      select c.id, c.venue_id, c.name,
             (select count(*) from seats s where s.venue_configuration_id = c.id) as seats,
             (select coalesce(sum(ga_capacity), 0) from sections x where x.venue_configuration_id = c.id) as standing,
             (select count(*) from sections x where x.venue_configuration_id = c.id) as sections,
             (select count(*) from events e where e.venue_configuration_id = c.id) as performances,
             (select count(*) from events e where e.venue_configuration_id = c.id
                 and exists (select 1 from order_tickets t where t.event_id = e.id)) as with_sales
        from venue_configurations c
       order by c.name, c.id`)
  ).rows;
  const byVenue = new Map<number, ConfigurationSummary[]>();
  for (const c of configurations) {
    const list = byVenue.get(c.venue_id) ?? [];
    list.push({
      id: c.id,
      name: c.name,
      seats: Number(c.seats),
      standingPlaces: Number(c.standing),
      sections: Number(c.sections),
      performances: Number(c.performances),
      performancesWithSales: Number(c.with_sales),
    });
    byVenue.set(c.venue_id, list);
  }
  return venues.map((v) => ({ ...venueRowOf(v), configurations: byVenue.get(v.id) ?? [] }));
};

const venueRecord = async (db: Knex, venueId: number): Promise<VenueRecord | null> => {
  const row: VenueDbRow | undefined = await db('venues').where({ id: venueId }).first(VENUE_COLUMNS);
  return row ? { ...venueRowOf(row), performances: await performancesOf(db, venueId) } : null;
};

const configurationDetail = async (
  db: Knex,
  configurationId: number,
): Promise<ConfigurationDetail | null> => {
  const c = await db('venue_configurations as c')
    .join('venues as v', 'v.id', 'c.venue_id')
    .where('c.id', configurationId)
    .first('c.id', 'c.name', 'c.width', 'c.height', 'v.id as venue_id', 'v.display_name', 'v.time_zone');
  if (!c) return null;
  const [sections, seats, performances] = await Promise.all([
    db('sections as x')
      .where('x.venue_configuration_id', configurationId)
      .orderBy(['x.display_order', 'x.id'])
      .select(
        'x.code',
        'x.name',
        'x.ga_capacity',
        'x.zone',
        'x.label_x',
        'x.label_y',
        db.raw('(select count(*) from seats s where s.section_id = x.id) as seats'),
      ),
    db('seats as s')
      .join('sections as x', 'x.id', 's.section_id')
      .where('s.venue_configuration_id', configurationId)
      .orderBy('s.id')
      .select('s.key', 'x.code as section', 's.row', 's.number', 's.x', 's.y', 's.zone', 's.ada_type'),
    db('events as e')
      .where('e.venue_configuration_id', configurationId)
      .orderBy(['e.starts_at', 'e.id'])
      .select(
        'e.id',
        'e.name',
        'e.starts_at',
        'e.status',
        db.raw(
          `(select count(*) from order_tickets t where t.event_id = e.id and t.status = 'Active') as sold`,
        ),
      ),
  ]);
  return {
    id: c.id,
    name: c.name,
    venue: { id: c.venue_id, displayName: c.display_name, timeZone: c.time_zone },
    width: c.width,
    height: c.height,
    sections: sections.map(
      (x: {
        code: string;
        name: string;
        ga_capacity: number | null;
        zone: string | null;
        label_x: number | null;
        label_y: number | null;
        seats: string;
      }) => ({
        code: x.code,
        name: x.name,
        capacity: x.ga_capacity,
        zone: x.zone,
        seats: Number(x.seats),
        labelX: x.label_x,
        labelY: x.label_y,
      }),
    ),
    seats: seats.map(
      (s: {
        key: string;
        section: string;
        row: string;
        number: string;
        x: number;
        y: number;
        zone: string;
        ada_type: AccessibleType | null;
      }) => ({
        key: s.key,
        section: s.section,
        row: s.row,
        number: s.number,
        x: s.x,
        y: s.y,
        zone: s.zone,
        accessible: s.ada_type,
      }),
    ),
    performances: performances.map(
      (e: { id: number; name: string; starts_at: Date; status: string; sold: string }) => ({
        id: e.id,
        name: e.name,
        startsAt: e.starts_at,
        cancelled: e.status === 'Cancelled',
        ticketsSold: Number(e.sold),
      }),
    ),
  };
};

type SaveVenue = Parameters<VenueDirectory['Service']['saveVenue']>[0];

/** The venue's details over `version`, or VenueNotFound, VenueStale or the check's refusal; audited. */
export const saveVenue = (db: Knex, request: SaveVenue) =>
  inTransaction<
    VenueRecord,
    VenueNotFound | VenueStale | Extract<ReturnType<SaveVenue['check']>, { ok: false }>['error']
  >(db, async (trx) => {
    const current: VenueDbRow | undefined = await trx('venues')
      .where({ id: request.venueId })
      .forUpdate()
      .first(VENUE_COLUMNS);
    if (!current) return refuse(new VenueNotFound({ venueId: request.venueId }));
    if (current.version !== request.version)
      return refuse(new VenueStale({ venueId: request.venueId, currentVersion: current.version }));
    const performances = await performancesOf(trx, request.venueId);
    const checked = request.check({ timeZone: current.time_zone, performances });
    if (!checked.ok) return refuse(checked.error);
    const v = checked.venue;
    const [saved]: VenueDbRow[] = await trx('venues')
      .where({ id: request.venueId, version: request.version })
      .update({
        name: v.name,
        display_name: v.displayName,
        address: v.address,
        time_zone: v.timeZone,
        currency_locale: v.currencyLocale,
        country: v.country,
        iso_currency_code: v.isoCurrencyCode,
        version: request.version + 1,
        updated_at: trx.fn.now(),
      })
      .returning([...VENUE_COLUMNS]);
    const before = venueRowOf(current);
    const after = venueRowOf(saved!);
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((k) => k !== 'version' && before[k] !== after[k])
        .map((k) => [k, { from: before[k], to: after[k] }]),
    );
    await trx('audit_log').insert({
      staff_user_id: request.by.staffUserId,
      actor: request.by.name,
      action: 'venues.edit',
      details: JSON.stringify({ venueId: request.venueId, version: saved!.version, changed }),
    });
    return { ...after, performances };
  });

export const renameConfiguration = (
  db: Knex,
  request: Parameters<VenueDirectory['Service']['renameConfiguration']>[0],
) =>
  inTransaction<true, ConfigurationNotFound>(db, async (trx) => {
    const current = await trx('venue_configurations')
      .where({ id: request.configurationId })
      .forUpdate()
      .first('id', 'name', 'venue_id');
    if (!current) return refuse(new ConfigurationNotFound({ configurationId: request.configurationId }));
    await trx('venue_configurations')
      .where({ id: request.configurationId })
      .update({ name: request.name, updated_at: trx.fn.now() });
    await trx('audit_log').insert({
      staff_user_id: request.by.staffUserId,
      actor: request.by.name,
      action: 'venues.renameConfiguration',
      details: JSON.stringify({
        venueId: current.venue_id,
        configurationId: request.configurationId,
        from: current.name,
        to: request.name,
      }),
    });
    return true as const;
  });

const settled = <A, E>(outcome: { ok: true; value: A } | { ok: false; error: E }) =>
  outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error);

export const VenueDirectoryPostgres = (db: Knex) =>
  Layer.succeed(VenueDirectory, {
    list: () => Effect.promise(() => listVenues(db)),
    venue: (venueId) => Effect.promise(() => venueRecord(db, venueId)),
    configuration: (configurationId) => Effect.promise(() => configurationDetail(db, configurationId)),
    saveVenue: (request) =>
      Effect.flatMap(
        Effect.promise(() => saveVenue(db, request)),
        settled,
      ),
    renameConfiguration: (request) =>
      Effect.flatMap(
        Effect.promise(() => renameConfiguration(db, request)),
        settled,
      ).pipe(
        Effect.flatMap(() => Effect.promise(() => configurationDetail(db, request.configurationId))),
        Effect.flatMap((detail) =>
          detail
            ? Effect.succeed(detail)
            : Effect.fail(new ConfigurationNotFound({ configurationId: request.configurationId })),
        ),
      ),
  });
