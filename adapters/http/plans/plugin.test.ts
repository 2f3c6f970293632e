import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { DEMO_PAIRED_PLAN, DEMO_SUBSCRIPTION_PLAN, insertDemoPlans } from '../../postgres/demo/plans.ts';
import { Pricing } from '../contract/inventory.ts';
import { EventPlan, PlanCalendar, PlanInventory, PlansByMonth } from '../contract/plans.ts';

// The plan reads against the demo plans (adapters/postgres/demo/plans.ts) in a real database:
// each answer is checked against the rows it was read from, and every call's 404 and 400.

let api: TestApi;
let db: Knex;
let seasonId: number;
let pairId: number;

const get = (url: string) => api.server.inject({ method: 'GET', url });

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  await insertDemoPlans(db, new Date());
  seasonId = (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')).id;
  pairId = (await db('event_plans').where({ code: DEMO_PAIRED_PLAN }).first('id')).id;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

/** The plan's slot events as stored, slot by slot in position order, each in start order. */
const storedSlots = async (planId: number) => {
  const rows: { slot_id: number; event_id: number }[] = await db('event_plan_slots as s')
    .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
    .join('events as e', 'e.id', 'se.event_id')
    .where('s.event_plan_id', planId)
    .orderBy([{ column: 's.position' }, { column: 'e.starts_at' }, { column: 'e.id' }])
    .select('s.id as slot_id', 'e.id as event_id');
  const slots = new Map<number, number[]>();
  for (const r of rows) slots.set(r.slot_id, [...(slots.get(r.slot_id) ?? []), r.event_id]);
  return [...slots.entries()].map(([id, events]) => ({ id, events }));
};

describe('GET /api/eventplans/{id}', () => {
  test('the season: its limits, its three required slots and the events each may use', async () => {
    const res = await get(`/api/eventplans/${seasonId}`);
    expect(res.statusCode, res.payload).toBe(200);
    const plan = EventPlan.parse(res.result);
    expect(plan).toMatchObject({
      id: seasonId,
      planCode: DEMO_SUBSCRIPTION_PLAN,
      planType: 'subscription',
      minQuantity: 2,
      maxQuantity: 6,
      requireSameSeatQty: true,
      minSlotsForPurchase: 3,
      maxSlotsForPurchase: 3,
    });
    const stored = await storedSlots(seasonId);
    expect(plan.slots.map((s) => ({ id: s.id, events: s.eventIds }))).toEqual(stored);
    expect(plan.slots.every((s) => s.required && s.eventIds.length > 0)).toBe(true);
    const codes = plan.templates.map((t) => t.code).sort();
    expect(codes).toEqual(expect.arrayContaining(['COMEDY', 'HAMLET']));
  });

  test('the paired pass: two linked slots of one performance each', async () => {
    const plan = EventPlan.parse((await get(`/api/eventplans/${pairId}`)).result);
    expect(plan.planType).toBe('paired');
    expect(plan.specialLinkedEventSetup).toBe(true);
    expect(plan.slots.map((s) => [s.name, s.eventIds.length, s.specialLinkedEvent])).toEqual([
      ['Part One', 1, true],
      ['Part Two', 1, true],
    ]);
  });

  test('an unknown or archived plan is 404; an id that is not a number is a 400 naming it', async () => {
    const [archived] = await db('event_plans')
      .insert({
        code: 'ARCHIVED-PLAN',
        name: 'Old',
        display_name: 'Old',
        plan_type: 'subscription',
        is_archived: true,
      })
      .returning<{ id: number }[]>('id');
    for (const id of [999_999, archived!.id]) {
      const res = await get(`/api/eventplans/${id}`);
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.payload).Message).toBe(`EventPlan ${id} was not found.`);
    }
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await get(`/api/eventplans/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(JSON.parse(res.payload).Message).toContain('id');
    }
  });
});

describe('GET /api/eventinventory/eventplans/{id}', () => {
  test("each slot's performances with the open places counted from the seats", async () => {
    const res = await get(`/api/eventinventory/eventplans/${seasonId}`);
    expect(res.statusCode, res.payload).toBe(200);
    const inventory = PlanInventory.parse(res.result);
    expect(
      inventory.Slots.map((s) => ({ id: s.EventPlanSlotID, events: s.Events.map((e) => e.EventID) })),
    ).toEqual(await storedSlots(seasonId));
    for (const event of inventory.Slots.flatMap((s) => s.Events)) {
      const seated = await db('event_seats as es')
        .leftJoin('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
        .where('es.event_id', event.EventID)
        .select(
          db.raw('count(*) filter (where hs.is_kill is not true)::int as total'),
          db.raw(`count(*) filter (where es.status = 'Open' and es.basket_id is null)::int as open`),
        )
        .first();
      const ga = await db('event_ga_sections')
        .where({ event_id: event.EventID })
        .select(db.raw('coalesce(sum(capacity), 0)::int as capacity'))
        .first();
      expect(event.Capacity).toBe(seated.total + ga.capacity);
      expect(event.AvailableCount).toBeLessThanOrEqual(event.Capacity);
      expect(event.AvailableCount).toBeGreaterThanOrEqual(seated.open);
      // A heavy on-sale performance (the season's Aurora Skyline nights) sells by best available.
      const { use_heavy_on_sale: heavy } = await db('events')
        .where({ id: event.EventID })
        .first('use_heavy_on_sale');
      expect(event.SeatSelectionPath).toBe(
        `/tickets/series/${event.SeriesCode}/${event.EventID}${heavy ? '/bestAvailable' : ''}`,
      );
    }
  });

  test('a cancelled performance shows sold out with nothing available', async () => {
    const before = PlanInventory.parse((await get(`/api/eventinventory/eventplans/${pairId}`)).result);
    const partTwo = before.Slots[1]!.Events[0]!;
    expect(partTwo.AvailableCount).toBeGreaterThan(0);
    await db('events').where({ id: partTwo.EventID }).update({ status: 'Cancelled' });
    try {
      const after = PlanInventory.parse((await get(`/api/eventinventory/eventplans/${pairId}`)).result);
      expect(after.Slots[1]!.Events[0]).toMatchObject({
        Status: 'Cancelled',
        Availability: 'SoldOut',
        AvailableCount: 0,
        IsOnSale: false,
      });
    } finally {
      await db('events').where({ id: partTwo.EventID }).update({ status: 'Active' });
    }
  });

  test('404 for an unknown plan, 400 for a bad id', async () => {
    expect((await get('/api/eventinventory/eventplans/999999')).statusCode).toBe(404);
    expect((await get('/api/eventinventory/eventplans/nope')).statusCode).toBe(400);
  });
});

describe('GET /api/events/eventplans/calendarseries/{planCode}', () => {
  test('the plan with every performance of its slots in start order, the code read in any case', async () => {
    const res = await get(`/api/events/eventplans/calendarseries/${DEMO_SUBSCRIPTION_PLAN.toLowerCase()}`);
    expect(res.statusCode, res.payload).toBe(200);
    const calendar = PlanCalendar.parse(res.result);
    expect(calendar.Plan.id).toBe(seasonId);
    const starts = calendar.Events.map((e) => e.StartDate);
    expect(starts).toEqual([...starts].sort());
    expect(calendar.Events.map((e) => e.EventID).sort((a, b) => a - b)).toEqual(
      (await storedSlots(seasonId)).flatMap((s) => s.events).sort((a, b) => a - b),
    );
  });

  test("a series' code finds the plan sold under that series", async () => {
    const calendar = PlanCalendar.parse((await get('/api/events/eventplans/calendarseries/winter')).result);
    expect([calendar.Plan.id, calendar.Plan.planCode]).toEqual([pairId, DEMO_PAIRED_PLAN]);
  });

  test('an unknown code is 404', async () => {
    const res = await get('/api/events/eventplans/calendarseries/NO-SUCH-PLAN');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.payload).Message).toBe('EventPlan NO-SUCH-PLAN was not found.');
  });
});

describe('GET /api/events/eventplans/getbymonth', () => {
  test("a month lists the plans with performances in it, and only that month's", async () => {
    const partOne: { starts_at: Date; time_zone: string } = await db('event_plan_slots as s')
      .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
      .join('events as e', 'e.id', 'se.event_id')
      .join('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
      .join('venues as v', 'v.id', 'vc.venue_id')
      .where({ 's.event_plan_id': pairId, 's.position': 1 })
      .first('e.starts_at', 'v.time_zone');
    const day = partOne.starts_at.toLocaleDateString('en-CA', { timeZone: partOne.time_zone });
    const res = await get(`/api/events/eventplans/getbymonth?requestedTime=${day}`);
    expect(res.statusCode, res.payload).toBe(200);
    const month = PlansByMonth.parse(res.result);
    expect([month.Year, month.Month]).toEqual([Number(day.slice(0, 4)), Number(day.slice(5, 7))]);
    const pass = month.Plans.find((p) => p.PlanCode === DEMO_PAIRED_PLAN);
    expect(pass?.Events.length).toBeGreaterThanOrEqual(1);
    for (const plan of month.Plans) {
      expect(plan.Events.length).toBeGreaterThan(0);
      for (const e of plan.Events) expect(e.LocalStartDate.slice(0, 7)).toBe(day.slice(0, 7));
    }
  });

  test('planCode narrows to that plan, even in a month without its performances', async () => {
    const res = await get(
      `/api/events/eventplans/getbymonth?requestedTime=01-15-2001&planCode=${DEMO_PAIRED_PLAN}`,
    );
    expect(res.statusCode, res.payload).toBe(200);
    expect(PlansByMonth.parse(res.result)).toEqual({
      Year: 2001,
      Month: 1,
      Plans: [
        {
          EventPlanID: pairId,
          PlanCode: DEMO_PAIRED_PLAN,
          DisplayName: expect.any(String),
          PlanType: 'paired',
          Events: [],
        },
      ],
    });
  });

  test('a bad or missing requestedTime is a 400 naming it; an unknown planCode is 404', async () => {
    for (const query of ['requestedTime=someday', '']) {
      const res = await get(`/api/events/eventplans/getbymonth?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.parse(res.payload).Message).toContain('requestedTime');
    }
    const res = await get('/api/events/eventplans/getbymonth?requestedTime=2026-12-01&planCode=NOPE');
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/eventinventory/eventplans/pricing/{eventId}', () => {
  test('a plan performance is priced as the event alone is to a consumer', async () => {
    const eventId = (await storedSlots(seasonId))[0]!.events[0]!;
    for (const suffix of ['', '/consumer']) {
      const plan = await get(`/api/eventinventory/eventplans/pricing/${eventId}${suffix}`);
      expect(plan.statusCode, plan.payload).toBe(200);
      const single = await get(`/api/eventinventory/pricing/${eventId}/consumer`);
      expect(Pricing.parse(plan.result)).toEqual(Pricing.parse(single.result));
      expect(Pricing.parse(plan.result).PriceLevels.length).toBeGreaterThan(0);
    }
  });

  test('404 for an event no plan sells, 400 for a bad id, 400 for a bad promotion code', async () => {
    const planEvents = (await db('event_plan_slot_events').pluck('event_id')) as number[];
    const other: { id: number } = await db('events').whereNotIn('id', planEvents).first('id');
    for (const suffix of ['', '/consumer']) {
      const res = await get(`/api/eventinventory/eventplans/pricing/${other.id}${suffix}`);
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.payload).Message).toBe(`EventPlanEvent ${other.id} was not found.`);
      expect((await get(`/api/eventinventory/eventplans/pricing/x${suffix}`)).statusCode).toBe(400);
    }
    const eventId = planEvents[0]!;
    const res = await get(
      `/api/eventinventory/eventplans/pricing/${eventId}/consumer?promoCode=NO-SUCH-CODE`,
    );
    expect(res.statusCode).toBe(400);
  });
});
