import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats } from '../../../test/basket.ts';
import { DEMO_PAIRED_PLAN, DEMO_SUBSCRIPTION_PLAN } from '../../postgres/demo/plans.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { AdminBasket } from '../contract/staff-basket.ts';
import { Basket } from '../contract/basket.ts';
import { PlanBasketView, PlanBestAvailable, PlanReserved } from '../contract/plan-basket.ts';
import { EventPlan } from '../contract/plans.ts';

// The plan basket's guards over HTTP on a fresh demo (adapters/postgres/demo/plans.ts), left as
// `npm start` loads it (no performance is put on sale here): every slot sells, the plan's own
// sale window, ordinary additions refused into a plan basket, a reserve that fails keeps the old
// seats, the plan read marks what the basket holds, member prices in a slot, a saved plan basket.

let api: TestApi;
let db: Knex;
let planId: number;
/** The season's play (seated, Hamlet) and comedy (GA) slots, each at a performance on sale. */
let play: { id: number; eventId: number };
let comedy: { id: number; eventId: number };
let gaPriceKey: string;
let seatOffset = 0;

const onSaleEventOf = async (slotName: string) => {
  const row: { slot_id: number; event_id: number } = await db('event_plan_slots as s')
    .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
    .join('events as e', 'e.id', 'se.event_id')
    .where({ 's.event_plan_id': planId, 's.name': slotName })
    .andWhere('e.on_sale_at', '<=', new Date())
    .orderBy([{ column: 'e.starts_at', order: 'desc' }])
    .first('s.id as slot_id', 'e.id as event_id');
  return { id: row.slot_id, eventId: row.event_id };
};

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  planId = (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')).id;
  play = await onSaleEventOf('A play');
  comedy = await onSaleEventOf('A comedy night');
  const section = await freshGaSection(db, comedy.eventId, 40);
  gaPriceKey = `${section.price_level_id}-${await adultPriceTypeId(db)}`;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const seats = async (count: number) => {
  const rows = await plainOpenSeats(db, play.eventId, count, seatOffset);
  seatOffset += count;
  return rows.map((s) => s.key);
};

const addPlay = async (b: Browser, extra: Record<string, unknown> = {}, keys?: string[]) =>
  b.call('POST', '/api/baskets/eventplans/additems', {
    eventPlanId: planId,
    eventPlanSlotId: play.id,
    eventId: play.eventId,
    seatQty: 2,
    basketItems: (keys ?? (await seats(2))).map((Key) => ({ Key })),
    ...extra,
  });

const reserve = (b: Browser, extra: Record<string, unknown> = {}) =>
  b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', { planId, quantity: 2, ...extra });

const itemsOf = async (b: Browser) =>
  db('basket_items').where({ basket_id: b.basketId() }).orderBy('id').select('id', 'event_plan_slot_id');

describe('the demo sells every plan slot', () => {
  test('each slot of SEASON3 and WINTERPASS has a performance on sale now, and the season reserves as loaded', async () => {
    for (const code of [DEMO_SUBSCRIPTION_PLAN, DEMO_PAIRED_PLAN]) {
      const rows: { slot_id: number; on_sale: number }[] = await db('event_plan_slots as s')
        .join('event_plans as p', 'p.id', 's.event_plan_id')
        .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
        .join('events as e', 'e.id', 'se.event_id')
        .where('p.code', code)
        .groupBy('s.id')
        .select('s.id as slot_id')
        .select(
          db.raw(`count(*) filter (where e.on_sale_at <= now() and e.starts_at > now())::int as on_sale`),
        );
      expect(rows.length).toBe(code === DEMO_SUBSCRIPTION_PLAN ? 3 : 2);
      for (const row of rows) expect(row.on_sale, `${code} slot ${row.slot_id}`).toBeGreaterThan(0);
    }
    const search = await api.server.inject(
      `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2`,
    );
    expect(PlanBestAvailable.parse(JSON.parse(search.payload))).toMatchObject({
      Found: true,
      ShortSlotID: null,
    });
    const b = await browser(api.server);
    const res = await reserve(b);
    expect(res.status, res.raw).toBe(200);
    expect(PlanReserved.parse(res.body).Plan).toMatchObject({ SeatQty: 2, CanCheckout: true });
  });
});

describe("the plan's own sale window", () => {
  const setWindow = (onSaleAt: string | null, offSaleAt: string | null) =>
    db('event_plans')
      .where({ id: planId })
      .update({
        on_sale_at: onSaleAt === null ? null : db.raw(onSaleAt),
        off_sale_at: offSaleAt === null ? null : db.raw(offSaleAt),
      });

  test('before on-sale consumers are refused and a staff channel sells; after off-sale nobody sells', async () => {
    try {
      await setWindow(`now() + interval '1 day'`, null);
      const b = await browser(api.server);
      const early = await addPlay(b);
      expect(early.status, early.raw).toBe(409);
      expect(early.body.Message).toBe('This plan is not on sale yet.');
      const reserved = await reserve(b);
      expect(reserved.status, reserved.raw).toBe(409);
      expect(reserved.body.Message).toBe('This plan is not on sale yet.');
      expect(b.basketId()).toBeNull();

      const clerk = await staffOfRole(api.server, db, 'Seller');
      const staff = await addPlay(clerk, { salesChannel: 'BoxOffice' });
      expect(staff.status, staff.raw).toBe(200);
      expect(Basket.parse(staff.body).EventPlanID).toBe(planId);
      // A clerk on the web channel sells as a consumer does.
      const clerkWeb = await staffOfRole(api.server, db, 'Seller');
      expect((await addPlay(clerkWeb)).status).toBe(409);

      await setWindow(null, `now() - interval '1 hour'`);
      const late = await addPlay(await staffOfRole(api.server, db, 'Seller'), { salesChannel: 'BoxOffice' });
      expect(late.status, late.raw).toBe(409);
      expect(late.body.Message).toBe('This plan is no longer on sale.');
    } finally {
      await setWindow(null, null);
    }
  });
});

describe('a plan basket takes tickets through its plan only', () => {
  test('additems and generaladmission into a plan basket are 409 and change nothing', async () => {
    const b = await browser(api.server);
    expect((await addPlay(b)).status).toBe(200);
    const before = await itemsOf(b);
    const seated = await b.holdSeats(play.eventId, await seats(1));
    expect(seated.status, seated.raw).toBe(409);
    expect(seated.body.Message).toBe(
      'Your basket holds a plan. Add seats through the plan, or remove it first.',
    );
    const ga = await b.call('POST', '/api/baskets/generaladmission', {
      eventId: comedy.eventId,
      ticketRequest: { [gaPriceKey]: 2 },
      salesChannel: 'Web',
    });
    expect(ga.status, ga.raw).toBe(409);
    expect(ga.body.Message).toBe('Your basket holds a plan. Add seats through the plan, or remove it first.');
    expect(await itemsOf(b)).toEqual(before);
    // Through the plan the GA slot still fills.
    const planned = await b.call('POST', '/api/baskets/eventplans/additems', {
      eventPlanId: planId,
      eventPlanSlotId: comedy.id,
      eventId: comedy.eventId,
      seatQty: 2,
      ticketRequest: { [gaPriceKey]: 2 },
    });
    expect(planned.status, planned.raw).toBe(200);
  });

  test("the single event's reserve is 409 on a plan basket and gives back none of its seats", async () => {
    const b = await browser(api.server);
    expect((await addPlay(b)).status).toBe(200);
    const before = await itemsOf(b);
    const reserved = await b.call(
      'GET',
      `/api/eventinventory/Web/reservebestavailable/${play.eventId}?quantity=2`,
    );
    expect(reserved.status, reserved.raw).toBe(409);
    expect(reserved.body.Message).toBe(
      'Your basket holds a plan. Add seats through the plan, or remove it first.',
    );
    expect(await itemsOf(b)).toEqual(before);
    // The play's performance is nearly sold: its seats go back for the tests after this one.
    expect((await b.call('POST', '/api/baskets/expire')).status).toBe(200);
  });
});

describe('reserveBestAvailable replaces the plan basket all or nothing', () => {
  test('a reserve that fails in a later slot keeps the old seats; one that succeeds replaces them', async () => {
    const member = await signedIn(api.server, 'customer@foyer.local');
    const first = await reserve(member);
    expect(first.status, first.raw).toBe(200);
    const old = await itemsOf(member);
    expect(old).toHaveLength(PlanReserved.parse(first.body).Basket.TicketItems.length);
    const oldSeats = await db('event_seats')
      .where({ basket_id: member.basketId() })
      .orderBy('seat_id')
      .select('seat_id');

    // The Member price type sells on the play but not on the epic: the second slot's hold fails.
    const memberType: { id: number } = await db('price_types').where({ code: 'Member' }).first('id');
    const failed = await reserve(member, { priceTypeId: memberType.id });
    expect(failed.status, failed.raw).toBeGreaterThanOrEqual(400);
    expect(await itemsOf(member)).toEqual(old);
    expect(
      await db('event_seats').where({ basket_id: member.basketId() }).orderBy('seat_id').select('seat_id'),
    ).toEqual(oldSeats);

    const again = await reserve(member);
    expect(again.status, again.raw).toBe(200);
    const now = await itemsOf(member);
    expect(now.map((i) => i.id).some((id) => old.some((o) => o.id === id))).toBe(false);
    expect(PlanReserved.parse(again.body).Plan).toMatchObject({ SeatQty: 2, CanCheckout: true });
  });
});

describe('GET /api/eventplans/{id} marks what the plan basket holds', () => {
  test("selectedEvent and slotInBasket follow the caller's plan basket", async () => {
    const b = await browser(api.server);
    const read = async (who: Browser) => {
      const res = await who.call('GET', `/api/eventplans/${planId}`);
      expect(res.status, res.raw).toBe(200);
      return EventPlan.parse(res.body).slots.map((s) => [s.id, s.selectedEvent, s.slotInBasket]);
    };
    const slotIds = (await read(b)).map(([id]) => id);
    expect(await read(b)).toEqual(slotIds.map((id) => [id, null, false]));
    expect((await addPlay(b)).status).toBe(200);
    expect(await read(b)).toEqual(
      slotIds.map((id) => (id === play.id ? [id, play.eventId, true] : [id, null, false])),
    );
    // Someone else's basket is not read.
    expect(await read(await browser(api.server))).toEqual(slotIds.map((id) => [id, null, false]));
  });
});

describe('member prices in a plan slot', () => {
  test('a signed-in member holds the Member price type in a plan slot; others may not', async () => {
    const memberType: { id: number } = await db('price_types').where({ code: 'Member' }).first('id');
    const anonymous = await browser(api.server);
    const adult = Basket.parse((await addPlay(anonymous)).body).TicketItems[0]!;
    const member = await signedIn(api.server, 'customer@foyer.local');
    const keys = await seats(2);
    const res = await member.call('POST', '/api/baskets/eventplans/additems', {
      eventPlanId: planId,
      eventPlanSlotId: play.id,
      eventId: play.eventId,
      seatQty: 2,
      basketItems: keys.map((Key) => ({ Key, PriceTypeID: memberType.id })),
    });
    expect(res.status, res.raw).toBe(200);
    const held = Basket.parse(res.body).TicketItems;
    expect(held.every((t) => t.PriceTypeID === memberType.id && t.EventPlanSlotID === play.id)).toBe(true);
    expect(held[0]!.Price).toBeLessThan(adult.Price);
    const stranger = await browser(api.server);
    const refused = await stranger.call('POST', '/api/baskets/eventplans/additems', {
      eventPlanId: planId,
      eventPlanSlotId: play.id,
      eventId: play.eventId,
      seatQty: 2,
      basketItems: (await seats(2)).map((Key) => ({ Key, PriceTypeID: memberType.id })),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(stranger.basketId()).toBeNull();
  });
});

describe('a saved plan basket', () => {
  test('keeps its plan and each ticket its slot when another clerk resumes it', async () => {
    const phone = await signedIn(api.server, 'boxoffice@foyer.local');
    expect((await addPlay(phone, { salesChannel: 'BoxOffice' })).status).toBe(200);
    const basketId = phone.basketId()!;
    const saved = await phone.call('PUT', '/api/admin/baskets/save', { Name: 'Season for Mr Park' });
    expect(saved.status, saved.raw).toBe(200);
    const seller = await staffOfRole(api.server, db, 'Seller');
    const activated = await seller.call('PUT', `/api/admin/baskets/${basketId}/activate`);
    expect(activated.status, activated.raw).toBe(200);
    const resumed = AdminBasket.parse(activated.body);
    expect([resumed.EventPlanID, resumed.EventPlanCode]).toEqual([planId, DEMO_SUBSCRIPTION_PLAN]);
    expect(resumed.TicketItems.map((t) => t.EventPlanSlotID)).toEqual([play.id, play.id]);
    const view = PlanBasketView.parse(
      (await seller.call('GET', '/api/baskets/eventplans/mapBasketViewModel')).body,
    );
    expect(view.Slots.find((s) => s.EventPlanSlotID === play.id)).toMatchObject({
      EventID: play.eventId,
      Quantity: 2,
    });
    // The resumed plan basket goes on through the plan.
    const more = await seller.call('POST', '/api/baskets/eventplans/additems', {
      eventPlanId: planId,
      eventPlanSlotId: comedy.id,
      eventId: comedy.eventId,
      seatQty: 2,
      ticketRequest: { [gaPriceKey]: 2 },
      salesChannel: 'BoxOffice',
    });
    expect(more.status, more.raw).toBe(200);
  });
});
