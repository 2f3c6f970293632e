import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { SeatLayouts } from '../../../core/inventory/ports.ts';
import { buildSeatLayout, type LayoutSeat, type SeatLayout } from '../../../core/inventory/seat-layout.ts';
import { NotFound } from '../../../core/shared/errors.ts';

// A venue configuration's seats change only when its map is saved (updated_at moves), so each
// layout is built once and kept; the saved time is looked at again at most every RECHECK_MS.
const RECHECK_MS = 30_000;

const LAYOUT_SQL = `
  select s.key, sec.code, s.row, s.number, s.x, s.y, s.quality_rank, s.ada_type
    from seats s
    join sections sec on sec.id = s.section_id
   where s.venue_configuration_id = ?`;

type LayoutRow = [string, string, string, string, number, number, number, string | null];

const loadLayout = async (db: Knex, venueConfigurationId: number): Promise<SeatLayout> => {
  const [result, sections]: [{ rows: LayoutRow[] }, { code: string; name: string }[]] = await Promise.all([
    db.raw(LAYOUT_SQL, [venueConfigurationId]).options({ rowMode: 'array' }),
    // The names the answers show (the basket names a section the same way).
    db('sections').where({ venue_configuration_id: venueConfigurationId }).select('code', 'name'),
  ]);
  const seats: LayoutSeat[] = result.rows.map(([key, section, row, number, x, y, qualityRank, adaType]) => ({
    key,
    section,
    row,
    number,
    x,
    y,
    qualityRank,
    adaType,
  }));
  return buildSeatLayout(seats, new Map(sections.map((section) => [section.code, section.name])));
};

interface Cached {
  readonly layout: Promise<SeatLayout>;
  readonly updatedAt: number;
  checkedAt: number;
}

export const makeSeatLayouts = (db: Knex, now: () => number = Date.now) => {
  const cache = new Map<number, Cached>();
  // One check (and build) per configuration at a time: at an on-sale hundreds of calls arrive
  // together before the first layout exists, and each would otherwise build its own.
  const checks = new Map<number, Promise<SeatLayout | null>>();
  const savedAt = async (id: number): Promise<number | null> => {
    const row: { updated_at: Date } | undefined = await db('venue_configurations')
      .where({ id })
      .first('updated_at');
    return row ? row.updated_at.getTime() : null;
  };
  const check = async (venueConfigurationId: number, cached: Cached | undefined) => {
    const updatedAt = await savedAt(venueConfigurationId);
    if (updatedAt === null) return null;
    if (cached && cached.updatedAt === updatedAt) {
      cached.checkedAt = now();
      return cached.layout;
    }
    const layout = loadLayout(db, venueConfigurationId);
    cache.set(venueConfigurationId, { layout, updatedAt, checkedAt: now() });
    layout.catch(
      () => cache.get(venueConfigurationId)?.layout === layout && cache.delete(venueConfigurationId),
    );
    return layout;
  };
  return (venueConfigurationId: number): Promise<SeatLayout | null> => {
    const cached = cache.get(venueConfigurationId);
    if (cached && now() - cached.checkedAt < RECHECK_MS) return cached.layout;
    const running = checks.get(venueConfigurationId);
    if (running) return running;
    const checking = check(venueConfigurationId, cached).finally(() => checks.delete(venueConfigurationId));
    checks.set(venueConfigurationId, checking);
    return checking;
  };
};

export const SeatLayoutsPostgres = (db: Knex) => {
  const layoutOf = makeSeatLayouts(db);
  return Layer.succeed(SeatLayouts, {
    layout: (venueConfigurationId) =>
      Effect.flatMap(
        Effect.promise(() => layoutOf(venueConfigurationId)),
        (layout) =>
          layout
            ? Effect.succeed(layout)
            : Effect.fail(new NotFound({ entity: 'VenueConfiguration', id: String(venueConfigurationId) })),
      ),
  });
};
