import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { freshGaSection } from '../../../test/basket.ts';
import { DEMO_SUBSCRIPTION_PLAN, insertDemoPlans } from '../../postgres/demo/plans.ts';
import { browser } from '../checkout/test-browser.ts';
import { PlanReserved } from '../contract/plan-basket.ts';
import { WaitingRoomRefusal, WaitingRoomStatus } from '../contract/waiting-room.ts';

// A plan's best-available reserve holds seats in several performances at once; one of them a
// heavy on-sale behind a waiting room holds only for a caller its queue has admitted
// (core/plans/reserve-plan-best-available.ts), as that performance's own reserve does.

let api: TestApi;
let db: Knex;
let planId: number;
let events: { eventPlanSlotId: number; eventId: number }[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  await insertDemoPlans(db, new Date());
  planId = (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')).id;
  const rows: { slot_id: number; event_id: number }[] = await db('event_plan_slots as s')
    .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
    .join('events as e', 'e.id', 'se.event_id')
    .where('s.event_plan_id', planId)
    .orderBy([{ column: 's.position' }, { column: 'e.starts_at', order: 'desc' }])
    .select('s.id as slot_id', 'e.id as event_id');
  // Each slot's last performance, all on sale now.
  const last = new Map<number, number>();
  for (const r of rows) if (!last.has(r.slot_id)) last.set(r.slot_id, r.event_id);
  events = [...last].map(([eventPlanSlotId, eventId]) => ({ eventPlanSlotId, eventId }));
  await db('events')
    .whereIn(
      'id',
      events.map((e) => e.eventId),
    )
    .update({ on_sale_at: db.raw(`now() - interval '1 day'`) });
  // The demo sells a share of each night: a general-admission slot gets room for the party.
  for (const { eventId } of events)
    if (await db('event_ga_sections').where({ event_id: eventId }).first('section_id'))
      await freshGaSection(db, eventId, 40);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('a plan reserve across a waiting-room performance', () => {
  test('refused with nothing held until the queue admits the caller, then held in every slot', async () => {
    const heavy = events[0]!.eventId;
    await db('events').where({ id: heavy }).update({ use_heavy_on_sale: true });
    await db('event_waiting_rooms').insert({ event_id: heavy, enabled: true, rate_per_minute: 1 });
    await sleep(2_100); // the room's settings are read through a cache of two seconds
    const b = await browser(api.server);
    const reserve = () =>
      b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', { planId, quantity: 2, events });

    const refused = await reserve();
    expect(refused.status, refused.raw).toBe(403);
    expect(WaitingRoomRefusal.parse(refused.body)).toMatchObject({ EventID: heavy, Reason: 'NoTicket' });
    const held = () =>
      b.basketId()
        ? db('basket_items').where({ basket_id: b.basketId() }).count({ n: '*' }).first()
        : { n: 0 };
    expect(Number((await held())!.n)).toBe(0);

    // In the queue but not yet admitted: still refused.
    const joined = await b.call('POST', `/api/waitingroom/${heavy}/join`);
    expect(WaitingRoomStatus.parse(joined.body).State).toBe('Waiting');
    const waiting = await reserve();
    expect(waiting.status, waiting.raw).toBe(403);
    expect(waiting.body).toMatchObject({ EventID: heavy, Reason: 'Waiting' });
    expect(Number((await held())!.n)).toBe(0);

    // Admitted: the whole plan is held.
    await db('event_waiting_rooms')
      .where({ event_id: heavy })
      .update({ rate_per_minute: 1_000_000, version: 2, changed_at: new Date() });
    await sleep(2_100);
    expect(
      WaitingRoomStatus.parse((await b.call('GET', `/api/waitingroom/${heavy}/status`)).body).State,
    ).toBe('Admitted');
    const admitted = await reserve();
    expect(admitted.status, admitted.raw).toBe(200);
    expect(PlanReserved.parse(admitted.body).Plan.Slots.map((s) => s.EventID)).toEqual(
      events.map((e) => e.eventId),
    );
  });
});
