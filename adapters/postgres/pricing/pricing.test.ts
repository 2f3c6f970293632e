import { Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Pricing } from '../../../core/pricing/ports.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { loadEventPricing, PricingPostgres } from './pricing.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const run = <A, E>(f: (p: Pricing['Service']) => Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.provide(Pricing.use(f), PricingPostgres(db)));

const eventOfSeries = async (code: string) =>
  (await db('events as e')
    .join('event_templates as t', 't.id', 'e.event_template_id')
    .where('t.code', code)
    .orderBy('e.id')
    .first('e.id', 'e.event_template_id')) as {
    id: number;
    event_template_id: number;
  };

describe('pricing repository', () => {
  test('reads an event’s levels, types, prices, fees, series settings and venue currency', async () => {
    const event = await eventOfSeries('HAMLET');
    const data = (await loadEventPricing(db, event.id))!;
    expect(data.eventTemplateId).toBe(event.event_template_id);
    expect(data).toMatchObject({ isoCurrencyCode: 'USD', currencyLocale: 'en-us' });
    expect(data.priceLevels.map((l) => l.zone).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(data.priceTypes.map((t) => t.code)).toEqual(
      expect.arrayContaining(['Adult', 'Child', 'Concession', 'Comp']),
    );
    // Four levels priced at Adult, Child, Concession and Comp, and at Member (the demo's member
    // price, adapters/postgres/demo/memberships.ts), which only tag holders may buy.
    expect(data.prices).toHaveLength(20);
    const member = data.priceTypes.find((t) => t.code === 'Member');
    expect(member?.customerTagTypeIds?.length).toBeGreaterThan(0);
    expect(data.fees.map((f) => [f.name, f.scope])).toEqual([
      ['Facility fee', 'Ticket'],
      ['Service fee', 'Ticket'],
      ['Handling fee', 'Order'],
    ]);
    expect(data.adaTypes).toEqual(['AisleTransfer', 'Companion', 'Wheelchair']);
    expect(data.seatAlerts.map((a) => a.name).sort()).toEqual(['Limited legroom', 'Restricted view']);
  });

  test('packages that include the event come with their zone prices', async () => {
    const row: { event_id: number } = await db('package_events').orderBy('event_id').first('event_id');
    const data = (await loadEventPricing(db, row.event_id))!;
    expect(data.packages).toHaveLength(1);
    expect(data.packages[0]?.prices.length).toBeGreaterThan(0);
  });

  test('promotions are found by code whatever its case, with the series they serve', async () => {
    const hamlet = await eventOfSeries('HAMLET');
    const promotion = await run((p) => p.promotionByCode('save10'));
    expect(promotion).toMatchObject({ code: 'SAVE10', discount: { kind: 'Percent', value: 1000 } });
    expect(promotion?.eventTemplateIds).toContain(hamlet.event_template_id);
    expect(await run((p) => p.promotionByCode('NO-SUCH-CODE'))).toBeNull();
  });

  test('a group code is found for its own promotion only', async () => {
    const row: { promotion_id: number; code: string } = await db('promotion_group_codes')
      .orderBy('id')
      .first('promotion_id', 'code');
    expect(await run((p) => p.groupCode(row.promotion_id, row.code.toLowerCase()))).toMatchObject({
      code: row.code,
    });
    expect(await run((p) => p.groupCode(row.promotion_id + 1000, row.code))).toBeNull();
  });
});
