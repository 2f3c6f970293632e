import { Effect, Exit, type Layer } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRun, previewRun } from '../../../core/performances/add-performances.ts';
import { editPerformance, readPerformance } from '../../../core/performances/edit-performance.ts';
import {
  readEventPrices,
  readTemplatePrices,
  saveEventPrices,
  saveTemplatePrices,
} from '../../../core/performances/prices.ts';
import type { Actor, Performances } from '../../../core/performances/ports.ts';
import type { RunRequest } from '../../../core/performances/run-request.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { PerformancesPostgres } from './performances.ts';

// Performances added to a demo template: sellable at once (a seat row per seat of the seat map,
// prices per level and type from the template's defaults), a re-added run skipping what exists,
// and the second of two edits refused.

let db: Knex;
let drop: () => Promise<void>;
let layer: Layer.Layer<Performances>;
let by: Actor;
let templateId: number;
let configurationId: number;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 4 });
  layer = PerformancesPostgres(db);
  const staff = await db('staff_users').orderBy('id').first('id', 'email');
  by = { staffUserId: staff.id, email: staff.email };
  // A demo template with a seat map that has both seats and standing room, if there is one.
  const t = await db('event_templates as t')
    .join('venue_configurations as c', 'c.id', 't.venue_configuration_id')
    .orderByRaw(
      '(select count(*) from sections s where s.venue_configuration_id = c.id and s.is_ga) desc, t.id',
    )
    .first('t.id', 'c.id as configuration_id');
  templateId = t.id;
  configurationId = t.configuration_id;
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const run = <A, E>(program: Effect.Effect<A, E, Performances>) =>
  Effect.runPromise(Effect.provide(program, layer));
const exitOf = <A, E>(program: Effect.Effect<A, E, Performances>) =>
  Effect.runPromiseExit(Effect.provide(program, layer));
const failureOf = async <A, E>(program: Effect.Effect<A, E, Performances>) => {
  const exit = await exitOf(program);
  if (Exit.isSuccess(exit)) throw new Error('expected a refusal');
  return JSON.parse(JSON.stringify(exit.cause)) as unknown;
};

const threeNights: RunRequest = {
  from: '2030-03-05',
  to: '2030-03-07',
  slots: [
    { weekday: 2, time: '19:30' },
    { weekday: 3, time: '19:30' },
    { weekday: 4, time: '14:00' },
  ],
  onSale: 'now',
  durationMinutes: 150,
  offSaleMinutesBefore: 60,
  isPresale: false,
};

const count = async (query: Knex.QueryBuilder) =>
  Number(((await query.count({ n: '*' }).first()) as { n: string }).n);

describe('adding performances to a template', () => {
  it('a run of three makes three sellable performances, seats and prices from the template', async () => {
    const defaults = await run(readTemplatePrices(templateId));
    expect(defaults.grid.levels.length).toBeGreaterThan(0);
    const preview = await run(previewRun(templateId, threeNights));
    expect(preview.planned.map((p) => p.exists)).toEqual([false, false, false]);

    const added = await run(addRun({ templateId, run: threeNights, by }));
    expect(added.created).toHaveLength(3);
    const seats = await count(db('seats').where({ venue_configuration_id: configurationId }));
    const ga = await count(
      db('sections').where({ venue_configuration_id: configurationId, is_ga: true }).whereNotNull('zone'),
    );
    for (const id of added.created) {
      expect(await count(db('event_seats').where({ event_id: id, status: 'Open' }))).toBe(seats);
      expect(await count(db('event_ga_sections').where({ event_id: id }))).toBe(ga);
      const prices: { zone: string; price_type_id: number; amount: number }[] = await db('prices as p')
        .join('price_levels as pl', 'pl.id', 'p.price_level_id')
        .where('p.event_id', id)
        .select('pl.zone', 'p.price_type_id', 'p.amount');
      expect(new Set(prices.map((p) => `${p.zone}/${p.price_type_id}/${p.amount}`))).toEqual(
        new Set(defaults.grid.prices.map((p) => `${p.zone}/${p.priceTypeId}/${p.amount}`)),
      );
      expect(await count(db('fees').where({ event_id: id }))).toBe(defaults.grid.fees.length);
    }
    const event = await db('events').where({ id: added.created[0] }).first();
    const template = await db('event_templates').where({ id: templateId }).first();
    expect(event.name).toBe(template.display_name);
    expect(event.off_sale_at.getTime()).toBe(event.starts_at.getTime() - 60 * 60_000);
    expect(await count(db('audit_log').where({ action: 'performances.add' }))).toBe(1);
  });

  it('the same run added again skips every start it already has', async () => {
    const preview = await run(previewRun(templateId, threeNights));
    expect(preview.planned.map((p) => p.exists)).toEqual([true, true, true]);
    const longer = { ...threeNights, to: '2030-03-12' };
    const again = await run(addRun({ templateId, run: longer, by }));
    expect(again.skipped).toHaveLength(3);
    expect(again.created).toHaveLength(1); // 5-7 March exist; of 8-12 March only Tuesday the 12th matches
    const starts = await db('events')
      .where({ event_template_id: templateId })
      .where('starts_at', '>=', '2030-03-01')
      .select('starts_at');
    expect(new Set(starts.map((s: { starts_at: Date }) => s.starts_at.getTime())).size).toBe(starts.length);
  });

  it('a template without a seat map is refused, and nothing is made', async () => {
    const [bare] = await db('event_templates')
      .insert({ code: 'BARE', name: 'Bare', display_name: 'Bare' })
      .returning('id');
    const before = await count(db('events'));
    expect(JSON.stringify(await failureOf(addRun({ templateId: bare.id, run: threeNights, by })))).toContain(
      'NoSeatMap',
    );
    expect(await count(db('events'))).toBe(before);
  });
});

describe('editing a performance', () => {
  it('the second of two edits from the same version is refused and changes nothing', async () => {
    const id = (
      await db('events').where({ event_template_id: templateId }).orderBy('starts_at', 'desc').first('id')
    ).id;
    const current = await run(readPerformance(id));
    const edit = {
      version: current.version,
      startsAt: '2030-04-01T20:00',
      endsAt: null,
      onSaleAt: '2026-01-01T10:00',
      offSaleAt: null,
      isPresale: true,
    };
    const first = await run(editPerformance({ eventId: id, edit, by }));
    expect(first.version).toBe(current.version + 1);
    expect(first.isPresale).toBe(true);
    const stale = await failureOf(
      editPerformance({ eventId: id, edit: { ...edit, startsAt: '2030-04-02T20:00' }, by }),
    );
    expect(JSON.stringify(stale)).toContain('StaleEdit');
    const after = await run(readPerformance(id));
    expect(after.startsAt.getTime()).toBe(first.startsAt.getTime());
    // One audit row: the change that went through, none for the refused one.
    expect(await count(db('audit_log').where({ action: 'performances.edit' }))).toBe(1);
  });

  it("a performance's own prices are saved once; a save from the old version is refused", async () => {
    const id = (
      await db('events').where({ event_template_id: templateId }).orderBy('starts_at', 'desc').first('id')
    ).id;
    const read = await run(readEventPrices(id));
    const raised = { ...read.grid, prices: read.grid.prices.map((p) => ({ ...p, amount: p.amount + 100 })) };
    await run(saveEventPrices({ eventId: id, grid: raised, version: read.version, by }));
    expect(
      JSON.stringify(
        await failureOf(saveEventPrices({ eventId: id, grid: read.grid, version: read.version, by })),
      ),
    ).toContain('StaleEdit');
    const now = await run(readEventPrices(id));
    expect(now.grid.prices.map((p) => p.amount).sort()).toEqual(raised.prices.map((p) => p.amount).sort());
  });

  it("a template's defaults saved from an old version are refused", async () => {
    const read = await run(readTemplatePrices(templateId));
    await run(
      saveTemplatePrices({ templateId, grid: { ...read.grid, fees: [] }, version: read.version, by }),
    );
    expect(
      JSON.stringify(
        await failureOf(saveTemplatePrices({ templateId, grid: read.grid, version: read.version, by })),
      ),
    ).toContain('StaleEdit');
  });
});

describe('a large seat map', () => {
  it('fourteen performances on the demo arena get every seat and standing place of its map', async () => {
    const arena: { id: number; configuration_id: number } = await db('event_templates as t')
      .join('venue_configurations as c', 'c.id', 't.venue_configuration_id')
      .where('t.code', 'AURORA')
      .first('t.id', 'c.id as configuration_id');
    const seats = await count(db('seats').where({ venue_configuration_id: arena.configuration_id }));
    const fortnight: RunRequest = {
      ...threeNights,
      from: '2032-02-02',
      to: '2032-02-15',
      slots: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, time: '20:00' })),
    };
    const added = await run(addRun({ templateId: arena.id, run: fortnight, by }));
    expect(added.created).toHaveLength(14);
    expect(await count(db('event_seats').whereIn('event_id', added.created))).toBe(seats * 14);
    expect(await count(db('event_seats').whereIn('event_id', added.created).whereNot('status', 'Open'))).toBe(
      0,
    );
  }, 120_000);
});
