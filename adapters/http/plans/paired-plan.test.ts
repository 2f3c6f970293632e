import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeItems } from '../../../core/basket/remove-items.ts';
import { addPlanItems } from '../../../core/plans/add-plan-items.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { outcomeOf } from '../../../test/basket.ts';
import { DEMO_PAIRED_PLAN, insertDemoPlans } from '../../postgres/demo/plans.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { CheckoutAnswer } from '../contract/checkout.ts';
import { PlanBasketView, PlanBestAvailable, PlanReserved } from '../contract/plan-basket.ts';

// The demo's paired plan (adapters/postgres/demo/plans.ts: WINTERPASS, Part One and Part Two of
// The Winter Crossing on one seat map, "in the same seats") bought over HTTP in a real database:
// the best seats, the seats chosen on one part's map, checkout, and customers racing for
// overlapping pairs. Whatever happens, a basket and an order hold the same seats in both parts.

let api: TestApi;
let db: Knex;
let runtime: AppRuntime;
let planId: number;
let parts: { id: number; name: string; eventId: number }[];

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  await insertDemoPlans(db, new Date());
  planId = (await db('event_plans').where({ code: DEMO_PAIRED_PLAN }).first('id')).id;
  parts = (
    await db('event_plan_slots as s')
      .join('event_plan_slot_events as se', 'se.event_plan_slot_id', 's.id')
      .where('s.event_plan_id', planId)
      .orderBy('s.position')
      .select('s.id', 's.name', 'se.event_id')
  ).map((r: { id: number; name: string; event_id: number }) => ({
    id: r.id,
    name: r.name,
    eventId: r.event_id,
  }));
  // The per-slot use case, to build what the HTTP calls no longer can (a split pair).
  runtime = makeAppRuntime({ db, config: api.config });
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
  await api?.close();
});

const [ONE, TWO] = [0, 1] as const;

/** Plain seat keys open in both parts, in seat order: the pairs a race is run for. */
const openInBoth = async (count: number, offset: number): Promise<string[]> => {
  const rows: { key: string }[] = await db('event_seats as a')
    .join('event_seats as b', 'b.seat_id', 'a.seat_id')
    .join('seats as s', 's.id', 'a.seat_id')
    .where({ 'a.event_id': parts[ONE]!.eventId, 'b.event_id': parts[TWO]!.eventId })
    .where({ 'a.status': 'Open', 'b.status': 'Open' })
    .whereNull('a.basket_id')
    .whereNull('b.basket_id')
    .whereNull('s.ada_type')
    .whereNull('s.seat_alert_id')
    .orderBy('s.id')
    .offset(offset)
    .limit(count)
    .select('s.key');
  expect(rows).toHaveLength(count);
  return rows.map((r) => r.key);
};

const planView = async (b: Browser) => {
  const res = await b.call('GET', '/api/baskets/eventplans/mapBasketViewModel');
  expect(res.status, res.raw).toBe(200);
  return PlanBasketView.parse(res.body);
};

/** The keys a basket holds for each part, sorted. */
const heldKeys = async (basketId: string | null) => {
  const rows: { key: string; slot: number }[] = basketId
    ? await db('basket_items as i')
        .join('seats as s', 's.id', 'i.seat_id')
        .where('i.basket_id', basketId)
        .select('s.key', 'i.event_plan_slot_id as slot')
    : [];
  return parts.map((p) =>
    rows
      .filter((r) => r.slot === p.id)
      .map((r) => r.key)
      .sort(),
  );
};

const addOnMap = (b: Browser, part: (typeof parts)[number], keys: readonly string[]) =>
  b.call('POST', '/api/baskets/eventplans/additems', {
    eventPlanId: planId,
    eventPlanSlotId: part.id,
    eventId: part.eventId,
    seatQty: keys.length,
    salesChannel: 'Web',
    basketItems: keys.map((Key) => ({ Key })),
  });

const search = async (b: Browser) => {
  const res = await b.call(
    'GET',
    `/api/eventinventory/eventplans/bestavailable?planId=${planId}&quantity=2&salesChannel=Web`,
  );
  expect(res.status, res.raw).toBe(200);
  return PlanBestAvailable.parse(res.body);
};

/** No seat of either part is in two baskets or orders (the inventory's own invariant, checked). */
const expectNothingOversold = async () => {
  for (const part of parts) {
    const sold: { key: string; n: string }[] = await db('order_tickets as t')
      .join('seats as s', 's.id', 't.seat_id')
      .where('t.event_id', part.eventId)
      .groupBy('s.key')
      .havingRaw('count(*) > 1')
      .select('s.key', db.raw('count(*) as n'));
    expect(sold).toEqual([]);
  }
};

describe('the paired plan sells both parts in the same seats', () => {
  test('best seats propose the same seats in both parts, passing over a pair taken in one part', async () => {
    const b = await browser(api.server);
    const first = await search(b);
    expect(first.Found).toBe(true);
    const [one, two] = first.Slots.map((s) => s.Seats.map((seat) => seat.Key));
    expect(one).toHaveLength(2);
    expect(two).toEqual(one);
    expect(first.Slots[0]!.Seats[0]!.SectionName).not.toBe(first.Slots[0]!.Seats[0]!.Section);

    // Someone takes those seats in Part Two only: Part One still has them, but not as a pair.
    // The search may read a snapshot from before (core/inventory/best-available/search.ts): the
    // reserve loses the race for Part Two, lets Part One go and searches again with fresh seats.
    const other = await browser(api.server);
    expect((await other.holdSeats(parts[TWO]!.eventId, one!)).status).toBe(200);
    const reserve = await b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', {
      planId,
      quantity: 2,
      salesChannel: 'Web',
    });
    expect(reserve.status, reserve.raw).toBe(200);
    expect(PlanReserved.parse(reserve.body).Plan.CanCheckout).toBe(true);
    const [heldOne, heldTwo] = await heldKeys(b.basketId());
    expect(heldOne).toHaveLength(2);
    expect(heldTwo).toEqual(heldOne);
    expect(heldOne!.some((k) => one!.includes(k))).toBe(false);
  });

  test('seats chosen on one part’s map are held in the other part too, or not at all', async () => {
    const [a, b, c] = await openInBoth(3, 40);
    const buyer = await browser(api.server);
    const res = await addOnMap(buyer, parts[TWO]!, [a!, b!]);
    expect(res.status, res.raw).toBe(200);
    expect(await heldKeys(buyer.basketId())).toEqual([[a, b].sort(), [a, b].sort()]);
    expect((await planView(buyer)).CanCheckout).toBe(true);

    // A seat free in Part One but taken in Part Two: refused in the plan's words, nothing held.
    const blocker = await browser(api.server);
    expect((await blocker.holdSeats(parts[TWO]!.eventId, [c!])).status).toBe(200);
    const late = await browser(api.server);
    const refused = await addOnMap(late, parts[ONE]!, [c!]);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.Message).toBe(
      `Some of these seats are already taken for ${parts[TWO]!.name}. Choose seats free in every part of this plan.`,
    );
    expect(await heldKeys(late.basketId())).toEqual([[], []]);
    const heldInOne = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where({ 'es.event_id': parts[ONE]!.eventId, 's.key': c })
      .first('es.basket_id');
    expect(heldInOne.basket_id).toBeNull();
  });

  test('checkout refuses a basket whose parts hold different seats, and sells nothing', async () => {
    const [a, b, c, d] = await openInBoth(4, 60);
    const buyer = await browser(api.server);
    // The per-slot hold (what the plan basket held before the pairing) can split a pair.
    const first = await addOnMap(buyer, parts[ONE]!, [a!, b!]);
    expect(first.status, first.raw).toBe(200);
    const basketId = buyer.basketId()!;
    const partTwoItems = (
      await db('basket_items').where({ basket_id: basketId, event_plan_slot_id: parts[TWO]!.id })
    ).map((r: { id: number }) => r.id);
    const split = await outcomeOf(
      runtime,
      addPlanItems({
        caller: { basketId, staff: false },
        holdSeconds: 600,
        planId,
        slotId: parts[TWO]!.id,
        eventId: parts[TWO]!.eventId,
        seatQty: 2,
        salesChannel: 'Web',
        seats: [c!, d!].map((key) => ({ key, priceTypeId: null })),
        replacing: partTwoItems,
      }),
    );
    expect(split.ok).toBe(true);
    expect((await outcomeOf(runtime, removeItems({ basketId, itemIds: partTwoItems }))).ok).toBe(true);
    expect(await heldKeys(basketId)).toEqual([[a, b].sort(), [c, d].sort()]);

    const view = await planView(buyer);
    expect(view.CanCheckout).toBe(false);
    expect(view.CheckoutProblems).toEqual([
      {
        Kind: 'SeatsDiffer',
        EventPlanSlotID: parts[TWO]!.id,
        Message: `${parts[TWO]!.name} holds other seats than ${parts[ONE]!.name}: every part of this plan must have the same seats.`,
      },
    ]);
    const res = await buyer.checkout(checkoutBody(await buyer.token('4242424242424242')));
    expect(res.status, res.raw).toBe(409);
    expect(res.body.Message).toBe(view.CheckoutProblems[0]!.Message);
    expect(await db('orders').where({ basket_id: basketId })).toHaveLength(0);
  });

  test('customers racing for overlapping pairs each get a whole pair or nothing, and nothing is oversold', async () => {
    // Seven seats in a run; six customers each want two neighbours, half choosing on Part One's
    // map and half on Part Two's, so every pair overlaps the next in one part or the other.
    const keys = await openInBoth(7, 80);
    const buyers = await Promise.all(keys.slice(1).map(() => browser(api.server)));
    const answers = await Promise.all(
      buyers.map((buyer, i) => addOnMap(buyer, parts[i % 2]!, [keys[i]!, keys[i + 1]!])),
    );
    for (const answer of answers) expect([200, 409], answer.raw).toContain(answer.status);
    // Each hold takes its own part first: two neighbours may both lose, never half win.
    const won = buyers.filter((_, i) => answers[i]!.status === 200);
    const taken = new Map<string, number>();
    for (const [i, buyer] of buyers.entries()) {
      const [one, two] = await heldKeys(buyer.basketId());
      expect(two, `buyer ${i}`).toEqual(one);
      expect(one, `buyer ${i}`).toEqual(answers[i]!.status === 200 ? [keys[i]!, keys[i + 1]!].sort() : []);
      for (const k of one!) taken.set(k, (taken.get(k) ?? 0) + 1);
    }
    expect([...taken.values()].every((n) => n === 1)).toBe(true);

    // The winners and best-seat buyers check out at once: every order holds one pair.
    const bestBuyers = await Promise.all([0, 1, 2].map(() => browser(api.server)));
    const reserved = await Promise.all(
      bestBuyers.map((b) =>
        b.call('POST', '/api/eventinventory/eventplans/reserveBestAvailable', {
          planId,
          quantity: 2,
          salesChannel: 'Web',
        }),
      ),
    );
    for (const r of reserved) expect(r.status, r.raw).toBe(200);
    const payers = [...won, ...bestBuyers];
    const paid = await Promise.all(
      payers.map(async (b) => b.checkout(checkoutBody(await b.token('4242424242424242')))),
    );
    for (const res of paid) {
      expect(res.status, res.raw).toBe(200);
      const order = CheckoutAnswer.parse(res.body).Order;
      const rows: { key: string; slot: number }[] = await db('order_tickets as t')
        .join('seats as s', 's.id', 't.seat_id')
        .where('t.order_id', order.ID)
        .select('s.key', 't.event_plan_slot_id as slot');
      const [one, two] = parts.map((p) =>
        rows
          .filter((r) => r.slot === p.id)
          .map((r) => r.key)
          .sort(),
      );
      expect(one).toHaveLength(2);
      expect(two).toEqual(one);
    }
    await expectNothingOversold();
  });
});
