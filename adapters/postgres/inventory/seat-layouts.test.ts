import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { makeSeatLayouts } from './seat-layouts.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let layoutQueries = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
  db.on('query', (query: { sql: string }) => {
    if (/from seats s\s+join sections sec/.test(query.sql)) layoutQueries++;
  });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const arenaConfiguration = async () => {
  const row: { venue_configuration_id: number } = await db('seats')
    .groupBy('venue_configuration_id')
    .havingRaw('count(*) = 20000')
    .first('venue_configuration_id');
  return row.venue_configuration_id;
};

describe('seat layouts', () => {
  test('calls arriving together before the first layout exists share one build', async () => {
    const id = await arenaConfiguration();
    const layoutOf = makeSeatLayouts(db);
    layoutQueries = 0;
    const layouts = await Promise.all(Array.from({ length: 50 }, () => layoutOf(id)));
    expect(layoutQueries).toBe(1);
    expect(new Set(layouts).size).toBe(1);
    expect(layouts[0]).not.toBeNull();
    expect(await layoutOf(id)).toBe(layouts[0]);
    expect(layoutQueries).toBe(1);
  });

  test('a saved map is built again once, however many calls ask after the recheck time', async () => {
    const id = await arenaConfiguration();
    let clock = 1_000_000;
    const layoutOf = makeSeatLayouts(db, () => clock);
    const first = await layoutOf(id);
    clock += 60_000; // past the recheck: the saved time is looked at again, unchanged
    layoutQueries = 0;
    expect(await Promise.all([layoutOf(id), layoutOf(id)])).toEqual([first, first]);
    expect(layoutQueries).toBe(0);

    await db('venue_configurations')
      .where({ id })
      .update({ updated_at: db.raw(`updated_at + interval '1 second'`) });
    clock += 60_000;
    const again = await Promise.all(Array.from({ length: 20 }, () => layoutOf(id)));
    expect(layoutQueries).toBe(1);
    expect(new Set(again).size).toBe(1);
    expect(again[0]).not.toBe(first);
  });

  test('an unknown configuration has no layout', async () => {
    expect(await makeSeatLayouts(db)(987_654)).toBeNull();
  });
});
