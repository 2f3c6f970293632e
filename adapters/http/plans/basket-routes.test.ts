import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats } from '../../../test/basket.ts';
import { DEMO_SUBSCRIPTION_PLAN, insertDemoPlans } from '../../postgres/demo/plans.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { Basket } from '../contract/basket.ts';
import { CheckoutAnswer } from '../contract/checkout.ts';
import { PlanBasketView, PlanBestAvailable, PlanReserved } from '../contract/plan-basket.ts';

// Buying the demo season (adapters/postgres/demo/plans.ts: three required slots, a play, an
// epic and a comedy night, 2 to 6 seats, the same quantity in each) over HTTP in a real
// database: the plan basket's holds and refusals, its checkout, best available across the slots.

let api: TestApi;
let db: Knex;
let planId: number;
/** The season's slots in position order, each with the performance the tests buy. */
let slots: { id: number; name: string; eventId: number; otherEventId: number; ga: boolean }[];
let gaPriceKey: string;
const seatOffsets = new Map<number, number>();

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  await insertDemoPlans(db, new Date());
  planId = (await db('event_plans').where({ code: DEMO_SUBSCRIPTION_PLAN }).first('id')).id;
  const rows: { slot_id: number; name: string; event_id: number }[] = await db('event_plan_slots as s')
    .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
    .join('events as e', 'e.id', 'se.event_id')
    .where('s.event_plan_id', planId)
    .orderBy([{ column: 's.position' }, { column: 'e.starts_at' }, { column: 'e.id' }])
    .select('s.id as slot_id', 's.name', 'e.id as event_id');
  // The tests buy each slot's last performance: open them all so every one sells now.
  await db('events')
    .whereIn(
      'id',
      rows.map((r) => r.event_id),
    )
    .update({ on_sale_at: db.raw(`now() - interval '1 day'`) });
  const bySlot = new Map<number, { name: string; events: number[] }>();
  for (const r of rows) {
    const slot = bySlot.get(r.slot_id) ?? { name: r.name, events: [] };
    slot.events.push(r.event_id);
    bySlot.set(r.slot_id, slot);
  }
  slots = [];
  for (const [id, slot] of bySlot) {
    const ga =
      (await db('event_seats')
        .where({ event_id: slot.events.at(-1)! })
        .first('seat_id')) === undefined;
    slots.push({ id, name: slot.name, eventId: slot.events.at(-1)!, otherEventId: slot.events.at(-2)!, ga });
  }
  const gaSlot = slots.find((s) => s.ga)!;
  const section = await freshGaSection(db, gaSlot.eventId, 40);
  gaPriceKey = `${section.price_level_id}-${await adultPriceTypeId(db)}`;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

/** Fresh plain seats of the event, never offered twice in this file. */
const seatsOf = async (eventId: number, count: number) => {
  const offset = seatOffsets.get(eventId) ?? 0;
  seatOffsets.set(eventId, offset + count);
  return (await plainOpenSeats(db, eventId, count, offset)).map((s) => s.key);
};

/** The additems body for `count` tickets of the slot's performance at seatQty. */
const addBody = async (slot: (typeof slots)[number], count: number, seatQty = 2, eventId = slot.eventId) => ({
  eventPlanId: planId,
  eventPlanSlotId: slot.id,
  eventId,
  seatQty,
  ...(slot.ga
    ? { ticketRequest: { [gaPriceKey]: count } }
    : { basketItems: (await seatsOf(eventId, count)).map((Key) => ({ Key })) }),
});

const add = async (b: Browser, body: Record<string, unknown>) =>
  b.call('POST', '/api/baskets/eventplans/additems', body);

const planView = async (b: Browser) => {
  const res = await b.call('GET', '/api/baskets/eventplans/mapBasketViewModel');
  expect(res.status, res.raw).toBe(200);
  return PlanBasketView.parse(res.body);
};

/** What a refusal must leave alone: the basket's items and every seat and GA hold of the plan's events. */
const snapshot = async (b: Browser) => ({
  items: b.basketId()
    ? await db('basket_items')
        .where({ basket_id: b.basketId() })
        .orderBy('id')
        .select('id', 'event_plan_slot_id')
    : [],
  basket: b.basketId()
    ? await db('baskets').where({ id: b.basketId() }).first('event_plan_id', 'event_plan_code', 'status')
    : null,
  held: await db('event_seats')
    .whereIn(
      'event_id',
      slots.flatMap((s) => [s.eventId, s.otherEventId]),
    )
    .whereNotNull('basket_id')
    .count({ n: '*' })
    .first(),
  ga: await db('event_ga_holds').count({ n: '*' }).first(),
});

describe('POST /api/baskets/eventplans/additems and checkout', () => {
  test('a seat pair in each of the three slots checks out as one order of 6 tickets that remember their slot', async () => {
    const b = await browser(api.server);
    expect(await planView(b)).toEqual({
      EventPlanID: null,
      EventPlanCode: null,
      SeatQty: null,
      Slots: [],
      CheckoutProblems: [],
      CanCheckout: false,
    });
    for (const slot of slots) {
      const res = await add(b, await addBody(slot, 2));
      expect(res.status, res.raw).toBe(200);
      const basket = Basket.parse(res.body);
      expect([basket.EventPlanID, basket.EventPlanCode]).toEqual([planId, DEMO_SUBSCRIPTION_PLAN]);
      const mine = basket.TicketItems.filter((t) => t.EventID === slot.eventId);
      expect(mine.reduce((n, t) => n + t.Quantity, 0)).toBe(2);
      expect(mine.every((t) => t.EventPlanSlotID === slot.id)).toBe(true);
    }
    const view = await planView(b);
    expect(view).toMatchObject({ EventPlanID: planId, SeatQty: 2, CheckoutProblems: [], CanCheckout: true });
    expect(view.Slots.map((s) => [s.EventPlanSlotID, s.EventID, s.Quantity])).toEqual(
      slots.map((s) => [s.id, s.eventId, 2]),
    );
    expect(
      view.Slots.every(
        (s) => s.LocalStartDate !== null && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(s.LocalStartDate),
      ),
    ).toBe(true);

    const res = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(res.status, res.raw).toBe(200);
    const order = CheckoutAnswer.parse(res.body).Order;
    const tickets: { event_id: number; event_plan_slot_id: number | null }[] = await db('order_tickets')
      .where({ order_id: order.ID })
      .select('event_id', 'event_plan_slot_id');
    expect(tickets).toHaveLength(6);
    for (const slot of slots)
      expect(tickets.filter((t) => t.event_plan_slot_id === slot.id).map((t) => t.event_id)).toEqual([
        slot.eventId,
        slot.eventId,
      ]);
    expect(await db('orders').where({ basket_id: b.basketId() })).toHaveLength(1);
  });

  test('each refusal answers 422 or 409 in the plan words and changes nothing', async () => {
    const [play, epic] = slots as [(typeof slots)[number], (typeof slots)[number]];
    const b = await browser(api.server);
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const before = await snapshot(b);
      const res = await add(b, body);
      expect(res.status, res.raw).toBe(status);
      expect(res.body.Message).toBe(message);
      expect(await snapshot(b)).toEqual(before);
    };
    // Not one of the slot's performances.
    await refused(
      await addBody(play, 2, 2, epic.eventId),
      422,
      'This performance is not part of this plan slot.',
    );
    // Outside the plan's seat limits (2 to 6).
    for (const seatQty of [1, 7])
      await refused(
        await addBody(play, 2, seatQty),
        422,
        'Minimum guest quantity is 2 and maximum guest quantity is 6.',
      );
    // A performance in a slot: another performance for it, or more than seatQty, are refused.
    expect((await add(b, await addBody(play, 2))).status).toBe(200);
    await refused(
      await addBody(play, 2, 2, play.otherEventId),
      409,
      `Remove the seats held for ${play.name} first.`,
    );
    await refused(await addBody(play, 1), 409, 'Choose 2 seats for each show of this plan.');
    // Both kinds of tickets, or neither: 400.
    const both = await add(b, { ...(await addBody(play, 1)), ticketRequest: { [gaPriceKey]: 1 } });
    expect(both.status).toBe(400);

    // A basket holding ordinary tickets takes no plan.
    const ordinary = await browser(api.server);
    expect((await ordinary.holdSeats(play.eventId, await seatsOf(play.eventId, 1))).status).toBe(200);
    const before = await snapshot(ordinary);
    const res = await add(ordinary, await addBody(play, 2));
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(
      'Your basket holds other tickets. Check out or remove them before choosing a plan.',
    );
    expect(await snapshot(ordinary)).toEqual(before);
  });

  test('checkout refuses a plan basket with problems, naming each, and changes nothing', async () => {
    const [play, epic] = slots as [(typeof slots)[number], (typeof slots)[number]];
    const b = await browser(api.server);
    expect((await add(b, await addBody(play, 2))).status).toBe(200);
    const card = await b.token('4242424242424242');
    const tryCheckout = async () => {
      const body = checkoutBody(card);
      const res = await b.checkout(body);
      expect(res.status, res.raw).toBe(409);
      expect(await db('payments').where({ idempotency_key: body.IdempotencyKey }).first()).toBeUndefined();
      expect((await db('baskets').where({ id: b.basketId() }).first()).status).toBe('Active');
      return res.body as {
        Message: string;
        CheckoutProblems: { Kind: string; EventPlanSlotID: number | null }[];
      };
    };
    const few = await tryCheckout();
    expect(few.CheckoutProblems.map((p) => [p.Kind, p.EventPlanSlotID])).toEqual([
      ['TooFewSlots', null],
      ['RequiredSlotEmpty', slots[1]!.id],
      ['RequiredSlotEmpty', slots[2]!.id],
    ]);
    expect(few.Message).toBe(
      `Choose at least 3 events of this plan (1 chosen). ${slots[1]!.name} is required: choose an event for it. ${slots[2]!.name} is required: choose an event for it.`,
    );
    // The basket page shows the same problems the checkout refused with.
    expect((await planView(b)).CheckoutProblems).toEqual(few.CheckoutProblems);

    // Three seats for the epic where the play has two: every slot filled, quantities differ.
    const three = await add(b, await addBody(epic, 3, 3));
    expect(three.status, three.raw).toBe(200);
    const comedy = await add(b, await addBody(slots[2]!, 2));
    expect(comedy.status, comedy.raw).toBe(200);
    const differs = await tryCheckout();
    expect(differs.CheckoutProblems).toEqual([
      {
        Kind: 'SeatQuantityDiffers',
        EventPlanSlotID: epic.id,
        Message: `${epic.name} has 3 seats; every event of this plan needs 2.`,
      },
    ]);
    expect((await planView(b)).CanCheckout).toBe(false);
  });

  test("the counter's checkout refuses a plan basket with problems too", async () => {
    const clerk = await staffOfRole(api.server, db, 'Seller');
    expect((await add(clerk, await addBody(slots[0]!, 2))).status).toBe(200);
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 1_000_000,
    });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.CheckoutProblems.map((p: { Kind: string }) => p.Kind)).toEqual([
      'TooFewSlots',
      'RequiredSlotEmpty',
      'RequiredSlotEmpty',
    ]);
    expect(await db('orders').where({ basket_id: clerk.basketId() })).toEqual([]);
    expect((await db('baskets').where({ id: clerk.basketId() }).first()).status).toBe('Active');
  });

  test('removing every plan ticket makes the basket an ordinary one again', async () => {
    const b = await browser(api.server);
    const held = Basket.parse((await add(b, await addBody(slots[0]!, 2))).body);
    const res = await b.call('PUT', '/api/baskets/removeItems', {
      basketItemIds: held.TicketItems.map((t) => t.ID),
    });
    expect(res.status, res.raw).toBe(200);
    expect(Basket.parse(res.body)).toMatchObject({ EventPlanID: null, EventPlanCode: null, TicketItems: [] });
    expect((await planView(b)).EventPlanID).toBeNull();
    // Now an ordinary basket: ordinary seats go in.
    expect((await b.holdSeats(slots[0]!.eventId, await seatsOf(slots[0]!.eventId, 1))).status).toBe(200);
  });
});

describe('best available across the plan', () => {
  const events = () => slots.map((s) => `${s.id}:${s.eventId}`).join(',');

  test('bestavailable proposes the party in every slot, priced, and holds nothing', async () => {
    const before = await snapshot(await browser(api.server));
    const res = await api.server.inject(
      `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2&events=${events()}`,
    );
    expect(res.statusCode, res.payload).toBe(200);
    const found = PlanBestAvailable.parse(JSON.parse(res.payload));
    expect(found).toMatchObject({ Found: true, Quantity: 2, ShortSlotID: null, Message: null });
    expect(found.Slots.map((s) => [s.EventPlanSlotID, s.EventID, s.Found, s.Seats.length])).toEqual(
      slots.map((s) => [s.id, s.eventId, 2, 2]),
    );
    for (const seat of found.Slots.flatMap((s) => s.Seats)) expect(seat.Price).toBeGreaterThan(0);
    expect(await snapshot(await browser(api.server))).toEqual(before);
  });

  test('reserveBestAvailable holds every slot into one plan basket that may check out', async () => {
    const b = await browser(api.server);
    const res = await b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', {
      planId,
      quantity: 2,
      events: slots.map((s) => ({ eventPlanSlotId: s.id, eventId: s.eventId })),
    });
    expect(res.status, res.raw).toBe(200);
    const reserved = PlanReserved.parse(res.body);
    expect(reserved.Basket.EventPlanID).toBe(planId);
    expect(reserved.Plan).toMatchObject({ SeatQty: 2, CanCheckout: true });
    expect(reserved.Plan.Slots.map((s) => [s.EventPlanSlotID, s.EventID, s.Quantity])).toEqual(
      slots.map((s) => [s.id, s.eventId, 2]),
    );
    expect(reserved.Basket.TicketItems.every((t) => t.EventPlanSlotID !== null)).toBe(true);
  });

  test('a nearly sold-out performance: the search names its slot and the reserve holds nothing', async () => {
    const play = slots[0]!;
    // Sell all but one seat of the play's other performance.
    const keep = (await plainOpenSeats(db, play.otherEventId, 1))[0]!;
    await db('event_seats')
      .where({ event_id: play.otherEventId, status: 'Open' })
      .whereNot({ seat_id: keep.seat_id })
      .update({ status: 'Sold' });
    const pairs = [`${play.id}:${play.otherEventId}`, ...slots.slice(1).map((s) => `${s.id}:${s.eventId}`)];
    const res = await api.server.inject(
      `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2&events=${pairs.join(',')}`,
    );
    expect(res.statusCode, res.payload).toBe(200);
    expect(PlanBestAvailable.parse(JSON.parse(res.payload))).toMatchObject({
      Found: false,
      ShortSlotID: play.id,
      Message: `Not enough seats together for ${play.name}.`,
    });

    const b = await browser(api.server);
    const before = await snapshot(b);
    const reserve = await b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', {
      planId,
      quantity: 2,
      events: [
        // The short slot last: the others are searched first, and still nothing is held.
        ...slots.slice(1).map((s) => ({ eventPlanSlotId: s.id, eventId: s.eventId })),
        { eventPlanSlotId: play.id, eventId: play.otherEventId },
      ],
    });
    expect(reserve.status, reserve.raw).toBe(409);
    expect(reserve.body).toMatchObject({
      Message: `Not enough seats together for ${play.name}.`,
      ShortSlotID: play.id,
    });
    expect(await snapshot(b)).toEqual(before);
  });

  test('a performance that is not the slot is 422; a bad events list is 400', async () => {
    const bad = await api.server.inject(
      `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2&events=${slots[0]!.id}:${slots[1]!.eventId}`,
    );
    expect(bad.statusCode).toBe(422);
    const garbled = await api.server.inject(
      `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2&events=1-2`,
    );
    expect(garbled.statusCode).toBe(400);
  });
});
