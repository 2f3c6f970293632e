import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import { Catalogue } from '../../../core/catalogue/ports.ts';
import { createDatabase } from '../database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { CataloguePostgres } from './catalogue.ts';

// The repository over the seeded demo: how many statements a page costs, and the SQL rules
// the use cases rely on (venue-local days, series chains, holds).

let db: Knex;
let drop: () => Promise<void>;

const catalogue = <A>(f: (c: Catalogue['Service']) => Effect.Effect<A>) =>
  Effect.runPromise(Catalogue.use(f).pipe(Effect.provide(CataloguePostgres(db))));

/** Runs `work` and counts the SQL statements it sent. */
const countingQueries = async <A>(work: () => Promise<A>) => {
  let count = 0;
  const listener = () => count++;
  db.on('query', listener);
  try {
    const result = await work();
    return { result, count };
  } finally {
    db.off('query', listener);
  }
};

const seriesId = async (code: string) =>
  (await db('event_templates').where({ code }).first('id')).id as number;

beforeAll(async () => {
  const database = await createTestDatabase({ calendar: 'fixed' });
  drop = database.drop;
  db = createDatabase(database.url, { max: 4 });
});

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('CataloguePostgres', () => {
  it('costs the same few statements for a page of 5 events as for 100 (no query per event)', async () => {
    const from = { date: { year: 2026, month: 11, day: 20 } };
    const small = await countingQueries(() => catalogue((c) => c.events({ from, limit: 5, offset: 0 })));
    const large = await countingQueries(() => catalogue((c) => c.events({ from, limit: 100, offset: 0 })));
    expect(small.result.events).toHaveLength(5);
    expect(large.result.events).toHaveLength(100);
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(4);
    const byMonth = await countingQueries(async () =>
      catalogue((c) =>
        c.seriesEventsBetween(0, new Date('2026-12-01T05:00:00Z'), new Date('2027-01-01T05:00:00Z')),
      ),
    );
    expect(byMonth.count).toBe(1); // nothing found: no follow-up statements
  });

  it('reads "on or after a local day" in each venue’s own time zone', async () => {
    const comedy = await seriesId('COMEDY');
    const aurora = await seriesId('AURORA');
    const [studioShow] = await db('events')
      .where({ event_template_id: comedy })
      .orderBy('starts_at')
      .limit(1);
    const [arenaShow] = await db('events').where({ event_template_id: aurora }).orderBy('starts_at').limit(1);
    // 22:00 on 30 November in New York is already 1 December in UTC; 00:30 on 1 December in
    // London is still 30 November in New York. Only the London show is "on or after 1 December".
    await db('events')
      .where({ id: studioShow.id })
      .update({ starts_at: new Date('2026-12-01T03:00:00Z') });
    await db('events')
      .where({ id: arenaShow.id })
      .update({ starts_at: new Date('2026-12-01T00:30:00Z') });
    const ids = async (code: string) =>
      (
        await catalogue((c) =>
          c.events({
            seriesCode: code,
            from: { date: { year: 2026, month: 12, day: 1 } },
            limit: 100,
            offset: 0,
          }),
        )
      ).events.map((e) => e.id);
    expect(await ids('COMEDY')).not.toContain(studioShow.id);
    expect(await ids('AURORA')).toContain(arenaShow.id);
    const today = async (code: string, at: string) =>
      (
        await catalogue((c) =>
          c.events({ seriesCode: code, from: { today: new Date(at) }, limit: 100, offset: 0 }),
        )
      ).events.map((e) => e.id);
    // At 04:00 UTC on 1 December it is still 30 November in New York: the 22:00 show is today.
    expect(await today('COMEDY', '2026-12-01T04:00:00Z')).toContain(studioShow.id);
    expect(await today('COMEDY', '2026-12-01T05:00:00Z')).not.toContain(studioShow.id);
  });

  it('walks the season chain both ways and stops on a cycle', async () => {
    const hamlet = await seriesId('HAMLET');
    const previous = await seriesId('HAMLET-PREV');
    const ranges = await catalogue((c) => c.seasonShowRanges(hamlet));
    expect(ranges.map((r) => r.seriesId).sort()).toEqual([hamlet, previous].sort());
    expect((await catalogue((c) => c.seasonShowRanges(previous))).map((r) => r.seriesId).sort()).toEqual(
      [hamlet, previous].sort(),
    );
    await db('event_templates').where({ id: previous }).update({ past_template_code: 'HAMLET' });
    expect(await catalogue((c) => c.seasonShowRanges(hamlet))).toHaveLength(2);
    await db('event_templates').where({ id: previous }).update({ past_template_code: null });
  });

  it('finds series, promotions and group codes whatever the case, and reads group codes without using them', async () => {
    expect((await catalogue((c) => c.series('hamlet')))?.code).toBe('HAMLET');
    expect(await catalogue((c) => c.series('nope'))).toBeNull();
    const groups = await catalogue((c) => c.promotionByCode('groups'));
    expect(groups).toMatchObject({ code: 'GROUPS', groupPromoCode: true });
    expect(groups!.eventTemplateIds.length).toBeGreaterThan(0);
    const stored = await db('promotion_group_codes')
      .where({ promotion_id: groups!.id, used_at: null })
      .first('code');
    expect(await catalogue((c) => c.groupCode(groups!.id, stored.code.toLowerCase()))).toEqual({
      code: stored.code,
      usedAt: null,
    });
    expect(
      (await db('promotion_group_codes').where({ code: stored.code }).first('used_at')).used_at,
    ).toBeNull();
  });

  it('counts killed seats out of capacity and live basket holds out of what is open', async () => {
    const aurora = await seriesId('AURORA');
    const events = await catalogue((c) =>
      c.events({
        seriesCode: 'AURORA',
        from: { date: { year: 2026, month: 1, day: 1 } },
        limit: 10,
        offset: 0,
      }),
    );
    const seats = Number(
      (
        await db('seats')
          .count<{ count: number }[]>('* as count')
          .where('venue_configuration_id', events.events[0]!.venueConfigurationId)
      )[0]!.count,
    );
    const ga = Number(
      (
        await db('sections')
          .where('venue_configuration_id', events.events[0]!.venueConfigurationId)
          .sum<{ sum: number }[]>('ga_capacity as sum')
      )[0]!.sum,
    );
    const killed = Number(
      (
        await db('event_seats as es')
          .join('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
          .where('hs.is_kill', true)
          .where('es.event_id', events.events[1]!.id)
          .count<{ count: number }[]>('* as count')
      )[0]!.count,
    );
    expect(killed).toBeGreaterThan(0);
    expect(events.events[1]!.inventory.total).toBe(seats + ga - killed);
    expect(aurora).toBeGreaterThan(0);
  });

  it("reads an event's seating in one statement, as the full event has it", async () => {
    const rows: { id: number }[] = await db('events').orderBy('id').select('id');
    const heavy: { id: number } = await db('events').where({ use_heavy_on_sale: true }).first('id');
    for (const id of [rows[0]!.id, rows.at(-1)!.id, heavy.id]) {
      const { result, count } = await countingQueries(() => catalogue((c) => c.eventSeating(id)));
      const full = await catalogue((c) => c.event(id));
      expect(count).toBe(1);
      expect(result).toEqual({
        venueConfigurationId: full!.venueConfigurationId,
        useHeavyOnSale: full!.useHeavyOnSale,
      });
    }
    expect(await catalogue((c) => c.eventSeating(2_147_483_647))).toBeNull();
  });
});
