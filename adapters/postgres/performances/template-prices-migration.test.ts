import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../migrations/20261218000300_template_prices.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';

// migrations/20261218000300_template_prices.ts gives every template that has performances its
// latest performance's levels, prices and fees as defaults. Run again over the seeded demo.

let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('the template prices migration', () => {
  it("backfills each template's defaults from its latest performance", async () => {
    await down(db);
    await up(db);
    const templates: { id: number }[] = await db('event_templates').whereExists(
      db('events').whereRaw('events.event_template_id = event_templates.id'),
    );
    expect(templates.length).toBeGreaterThan(0);
    for (const { id } of templates) {
      const latest = await db('events')
        .where({ event_template_id: id })
        .orderBy([
          { column: 'starts_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first('id');
      const levels = await db('price_levels')
        .where({ event_id: latest.id })
        .orderBy('zone')
        .select('zone', 'label', 'color');
      const defaults = await db('event_template_price_levels')
        .where({ event_template_id: id })
        .orderBy('zone')
        .select('zone', 'label', 'color');
      expect(defaults).toEqual(levels);
      const prices = await db('prices as p')
        .join('price_levels as pl', 'pl.id', 'p.price_level_id')
        .where('p.event_id', latest.id)
        .orderBy(['pl.zone', 'p.price_type_id'])
        .select('pl.zone', 'p.price_type_id', 'p.amount');
      expect(
        await db('event_template_prices')
          .where({ event_template_id: id })
          .orderBy(['zone', 'price_type_id'])
          .select('zone', 'price_type_id', 'amount'),
      ).toEqual(prices);
      expect(
        Number(
          (await db('event_template_fees').where({ event_template_id: id }).count({ n: '*' }).first())!.n,
        ),
      ).toBe(Number((await db('fees').where({ event_id: latest.id }).count({ n: '*' }).first())!.n));
    }
  });
});
