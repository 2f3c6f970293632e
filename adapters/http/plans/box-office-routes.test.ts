import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats } from '../../../test/basket.ts';
import { DEMO_SUBSCRIPTION_PLAN, insertDemoPlans } from '../../postgres/demo/plans.ts';
import { browser } from '../checkout/test-browser.ts';
import { newCustomer, staffOfRole } from '../checkout/test-people.ts';
import { PlanBoxOffice } from '../contract/plan-basket.ts';

// GET /api/admin/eventinventory/{id}/eventplanboxoffice: staff who may sell see each slot's
// performances with sold, held and open places, counted here independently from the rows.

let api: TestApi;
let db: Knex;
let planId: number;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  await insertDemoPlans(db, new Date());
  planId = (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')).id;
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const url = (id: number) => `/api/admin/eventinventory/${id}/eventplanboxoffice`;

/** The figures of one performance, counted from event_seats and event_ga_sections directly. */
const counted = async (eventId: number) => {
  const seats = await db('event_seats as es')
    .leftJoin('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
    .where('es.event_id', eventId)
    .select(
      db.raw('count(*) filter (where hs.is_kill is not true)::int as capacity'),
      db.raw(`count(*) filter (where es.status = 'Sold')::int as sold`),
      db.raw(`count(*) filter (where es.status <> 'Sold' and es.held_until > now())::int as held`),
      db.raw(
        `count(*) filter (where es.status = 'Open' and (es.held_until is null or es.held_until <= now()))::int as open`,
      ),
    )
    .first();
  const ga = await db('event_ga_sections')
    .where({ event_id: eventId })
    .select(
      db.raw('coalesce(sum(capacity), 0)::int as capacity'),
      db.raw('coalesce(sum(sold), 0)::int as sold'),
    )
    .first();
  const gaHeld = await db('event_ga_holds')
    .where({ event_id: eventId })
    .andWhere('held_until', '>', db.fn.now())
    .select(db.raw('coalesce(sum(quantity), 0)::int as n'))
    .first();
  return {
    Capacity: seats.capacity + ga.capacity,
    Sold: seats.sold + ga.sold,
    Held: seats.held + gaHeld.n,
    Available: seats.open + Math.max(0, ga.capacity - ga.sold - gaHeld.n),
  };
};

describe('GET /api/admin/eventinventory/{id}/eventplanboxoffice', () => {
  test('401 without a session, 403 for a customer', async () => {
    expect((await api.server.inject(url(planId))).statusCode).toBe(401);
    const customer = await newCustomer(api.server, 'plan-buyer@example.com');
    expect((await customer.call('GET', url(planId))).status).toBe(403);
  });

  test("a seller sees each slot's performances with what is sold, held and open", async () => {
    const hamlet: { event_id: number } = await db('event_plan_slots as s')
      .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
      .where({ 's.event_plan_id': planId, 's.position': 1 })
      .first('se.event_id');
    // A basket holds two seats: the held figure counts them.
    const buyer = await browser(api.server);
    const seats = await plainOpenSeats(db, hamlet.event_id, 2);
    expect(
      (
        await buyer.holdSeats(
          hamlet.event_id,
          seats.map((s) => s.key),
        )
      ).status,
    ).toBe(200);

    const seller = await staffOfRole(api.server, db, 'Seller');
    const res = await seller.call('GET', url(planId));
    expect(res.status, res.raw).toBe(200);
    const office = PlanBoxOffice.parse(res.body);
    expect(office).toMatchObject({
      EventPlanID: planId,
      PlanCode: DEMO_SUBSCRIPTION_PLAN,
      PlanType: 'subscription',
      MinQuantity: 2,
      MaxQuantity: 6,
    });
    expect(office.Slots.map((s) => s.Name)).toEqual(['A play', 'An epic', 'A comedy night']);
    for (const event of office.Slots.flatMap((s) => s.Events))
      expect({ ...event, id: event.EventID }).toMatchObject({
        ...(await counted(event.EventID)),
        id: event.EventID,
      });
    const held = office.Slots[0]!.Events.find((e) => e.EventID === hamlet.event_id)!;
    expect(held.Held).toBeGreaterThanOrEqual(2);
  });

  test('an unknown plan is 404 for staff', async () => {
    const seller = await staffOfRole(api.server, db, 'Seller');
    expect((await seller.call('GET', url(999_999))).status).toBe(404);
  });
});
