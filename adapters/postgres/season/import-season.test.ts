import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSeasonFile } from '../../../core/season/order.ts';
import { testPerformance, testSeason } from '../../../core/season/test-season.ts';
import type { SeasonFile } from '../../../core/season/season-file.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { importSeason } from './import-season.ts';
import { readSeason } from './read-season.ts';

// The season import against a migrated database without the demo: a small season made, read
// back as it was given, its performances' seats made; a seat map in use never edited, a
// performance never moved, and a crash part-way leaving nothing.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  db = createDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const by = { staffUserId: null, name: 'cli:test' };
const TABLES = ['venues', 'seats', 'events', 'price_levels', 'prices', 'fees', 'event_seats', 'audit_log'];
const counts = async () =>
  Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, Number((await db(t).count({ n: '*' }).first())!.n)])),
  );

describe('importSeason', () => {
  it('makes a season in an empty database, reads back as given, with open seats at their zones’ levels', async () => {
    const outcome = await importSeason(db, { file: testSeason(), dryRun: false, by });
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.value).toMatchObject({ applied: true, eventSeats: 10, gaSections: 2 });
    expect(await readSeason(db)).toEqual(orderSeasonFile(testSeason()));
    const seats = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .join('price_levels as pl', 'pl.id', 'es.price_level_id')
      .select('s.zone', 'pl.zone as level', 'es.status');
    expect(seats.every((s) => s.zone === s.level && s.status === 'Open')).toBe(true);
    expect(await db('event_ga_sections').select('capacity', 'sold')).toEqual([
      { capacity: 50, sold: 0 },
      { capacity: 50, sold: 0 },
    ]);
  });

  it('leaves what an older file does not hold as it is, and moves a changed series’ version on', async () => {
    await db('event_templates').update({ english_incomplete: true });
    await db('events').update({ off_sale_at: new Date('2026-12-01T00:00:00Z') });
    const version = async () => (await db('event_templates').first('version'))!.version as number;
    const before = await version();
    const season = testSeason();
    const { englishIncomplete: _e, ...template } = season.eventTemplates[0]!;
    const older = {
      ...season,
      eventTemplates: [
        {
          ...template,
          texts: template.texts.map((t) => (t.language === 'fr' ? { ...t, description: 'Une pièce' } : t)),
        },
      ],
      events: season.events.map(({ offSaleAt: _o, ...e }) => e),
    } as SeasonFile;
    const outcome = await importSeason(db, { file: older, dryRun: false, by });
    expect(outcome.ok && outcome.value.counts).toEqual({ created: {}, updated: { templateText: 1 } });
    const read = await readSeason(db);
    expect(read.eventTemplates[0]!.englishIncomplete).toBe(true);
    expect(read.events.map((e) => e.offSaleAt)).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ]);
    expect(read.eventTemplates[0]!.texts.find((t) => t.language === 'fr')!.description).toBe('Une pièce');
    expect(await version()).toBe(before + 1);
    // The whole file puts them back.
    await importSeason(db, { file: testSeason(), dryRun: false, by });
    expect(await readSeason(db)).toEqual(orderSeasonFile(testSeason()));
  });

  it('stores an image once by its hash and reads it back with the series that names it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const hash = createHash('sha256').update(png).digest('hex');
    const season = testSeason();
    const file: SeasonFile = {
      ...season,
      eventTemplates: [{ ...season.eventTemplates[0]!, imageUrl: `/api/eventtemplates/images/${hash}.png` }],
      images: [{ hash, contentType: 'image/png', width: 1, height: 1, data: png.toString('base64') }],
    };
    const outcome = await importSeason(db, { file, dryRun: false, by });
    expect(outcome.ok && outcome.value.counts.created).toEqual({ image: 1 });
    expect(await readSeason(db)).toEqual(orderSeasonFile(file));
    const again = await importSeason(db, { file, dryRun: false, by });
    expect(again.ok && again.value.plan.changes).toEqual([]);
    const resized = await importSeason(db, {
      file: { ...file, images: [{ ...file.images[0]!, width: 2 }] },
      dryRun: false,
      by,
    });
    expect(!resized.ok && resized.error.problems.map((p) => p.path)).toEqual(['images[0].width']);
    await importSeason(db, { file: season, dryRun: false, by });
  });

  it('makes a new row the file leaves a field out of with the column’s default', async () => {
    const season = testSeason();
    const { englishIncomplete: _e, ...template } = season.eventTemplates[0]!;
    const file = {
      ...season,
      eventTemplates: [
        { ...template, code: 'OTHELLO', texts: [] },
        { ...template, code: 'LEAR', englishIncomplete: true, texts: [] },
      ],
      events: [],
    } as SeasonFile;
    const outcome = await importSeason(db, { file, dryRun: false, by });
    expect(outcome.ok && outcome.value.counts.created).toMatchObject({ eventTemplate: 2 });
    expect(
      await db('event_templates')
        .whereIn('code', ['OTHELLO', 'LEAR'])
        .orderBy('code')
        .select('code', 'english_incomplete'),
    ).toEqual([
      { code: 'LEAR', english_incomplete: true },
      { code: 'OTHELLO', english_incomplete: false },
    ]);
  });

  it('a dry run answers the plan and writes nothing', async () => {
    const before = await counts();
    const file: SeasonFile = { ...testSeason(), events: [testPerformance('2026-12-20T19:30:00.000Z')] };
    const outcome = await importSeason(db, { file, dryRun: true, by });
    expect(outcome.ok && outcome.value.counts.created).toEqual({
      event: 1,
      priceLevel: 3,
      price: 4,
      fee: 1,
    });
    expect(outcome.ok && outcome.value.applied).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('refuses to edit a seat map in use or move a performance, naming where', async () => {
    const before = await counts();
    const season = testSeason();
    const venue = season.venues[0]!;
    const configuration = venue.configurations[0]!;
    const file: SeasonFile = {
      ...season,
      venues: [
        {
          ...venue,
          configurations: [
            { ...configuration, svg: '<svg/>' },
            { ...configuration, name: 'Thrust' },
          ],
        },
      ],
      events: [testPerformance('2026-12-08T19:30:00.000Z', { configuration: 'Thrust' })],
    };
    const outcome = await importSeason(db, { file, dryRun: false, by });
    expect(!outcome.ok && outcome.error.problems.map((p) => p.path)).toEqual([
      'venues[0].configurations[0]',
      'events[0].configuration',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('leaves nothing behind when it fails part-way', async () => {
    const before = await counts();
    const file: SeasonFile = {
      ...testSeason(),
      events: [testPerformance('2026-12-21T19:30:00.000Z', { prices: [] })],
    };
    await expect(
      importSeason(db, {
        file,
        dryRun: false,
        by,
        onProgress: (step) => {
          if (step === 'seats of new performances') throw new Error('the machine stopped');
        },
      }),
    ).rejects.toThrow('the machine stopped');
    expect(await counts()).toEqual(before);
  });
});
