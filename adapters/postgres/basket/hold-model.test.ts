import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGeneralAdmission } from '../../../core/basket/add-general-admission.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
import { changePriceType } from '../../../core/basket/pricing/change-price-type.ts';
import { releaseExpiredBaskets } from '../../../core/basket/expire-basket.ts';
import { currentBasket } from '../../../core/basket/read-basket.ts';
import { removeItems } from '../../../core/basket/remove-items.ts';
import type { TicketItem } from '../../../core/basket/basket.ts';
import { ticketLineTotal, totalsOfBasket } from '../../../core/basket/totals.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { freshGaSection, outcomeOf, plainOpenSeats, saleEventId } from '../../../test/basket.ts';

// A model test of the seat-status invariant against the real PostgreSQL. Rounds of one to three commands run
// at once (hold seats, hold GA places, release, change price type, expiry by moving the
// clock, the expiry sweep, and a stubbed checkout that sells what a live basket holds); after
// every round the store must keep the invariants: a seat is in at most one live basket or
// sold, every live claim is backed by its hold, GA held + sold never exceed capacity, and each
// live basket's totals are the sums of their parts. Rounds of one command also check the
// outcome a buyer would expect (a free seat is given, a taken seat is refused).

const SEATS = 6;
const GA_CAPACITY = 5;
const SEAT_CLIENTS = [0, 1, 2];
const GA_CLIENTS = [3, 4];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let seatEvent: number;
let gaEvent: number;
let seats: { key: string; seat_id: number }[];
let ga: { section_id: number; key: string; price_level_id: number };
let priceTypes: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 10 });
  runtime = makeAppRuntime({ db, config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }) });
  seatEvent = await saleEventId(db, 'HAMLET', 2);
  gaEvent = await saleEventId(db, 'COMEDY', 2);
  seats = await plainOpenSeats(db, seatEvent, SEATS);
  ga = await freshGaSection(db, gaEvent, GA_CAPACITY);
  priceTypes = (await db('price_types').where({ consumer_visible: true }).orderBy('id').select('id')).map(
    (r: { id: number }) => r.id,
  );
});

afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

type Command =
  | { kind: 'holdSeats'; client: number; seats: number[] }
  | { kind: 'holdGa'; client: number; quantity: number }
  | { kind: 'release'; client: number; pick: number }
  | { kind: 'changePriceType'; client: number; pick: number; type: number }
  | { kind: 'expire'; client: number }
  | { kind: 'sweep' }
  | { kind: 'checkout'; client: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('holdSeats' as const),
      client: fc.constantFrom(...SEAT_CLIENTS),
      seats: fc.uniqueArray(fc.integer({ min: 0, max: SEATS - 1 }), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('holdGa' as const),
      client: fc.constantFrom(...GA_CLIENTS),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('release' as const),
      client: fc.constantFrom(...SEAT_CLIENTS, ...GA_CLIENTS),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('changePriceType' as const),
      client: fc.constantFrom(...SEAT_CLIENTS, ...GA_CLIENTS),
      pick: fc.nat(),
      type: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('expire' as const),
      client: fc.constantFrom(...SEAT_CLIENTS, ...GA_CLIENTS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      client: fc.constantFrom(...SEAT_CLIENTS, ...GA_CLIENTS),
    }),
  },
);

/** What the buyers have been told: which basket each client holds, who owns which seat. */
interface Model {
  basketOf: (string | null)[];
  /** seat index -> basket id, 'sold', or null (free). */
  owner: (string | 'sold' | null)[];
  gaSold: number;
  /** basket id -> GA places it holds. */
  gaHeld: Map<string, number>;
  /** Items each client's basket holds, as last answered. */
  items: Map<number, readonly TicketItem[]>;
}

const freshModel = (): Model => ({
  basketOf: Array(5).fill(null),
  owner: Array(SEATS).fill(null),
  gaSold: 0,
  gaHeld: new Map(),
  items: new Map(),
});

const reset = async () => {
  await db('event_seats').whereNotNull('basket_id').update({ basket_id: null, held_until: null });
  await db('event_seats')
    .where({ event_id: seatEvent })
    .whereIn(
      'seat_id',
      seats.map((s) => s.seat_id),
    )
    .update({ status: 'Open', order_id: null });
  await db('event_ga_holds').del();
  await db('basket_items').del();
  await db('baskets').del();
  await db('event_ga_sections').where({ event_id: gaEvent, section_id: ga.section_id }).update({ sold: 0 });
};

/** The stubbed checkout: in one transaction that re-checks the basket is live, sell what it holds. */
const checkout = (basketId: string) =>
  db.transaction(async (trx) => {
    const basket = await trx('baskets')
      .where({ id: basketId, status: 'Active' })
      .whereRaw('expires_at > now()')
      .forNoKeyUpdate()
      .first('id');
    if (!basket) return false;
    await trx('event_seats')
      .where({ basket_id: basketId })
      .whereRaw('held_until > now()')
      .update({ status: 'Sold', basket_id: null, held_until: null });
    const holds: { event_id: number; section_id: number; quantity: number }[] = await trx('event_ga_holds')
      .where({ basket_id: basketId })
      .whereRaw('held_until > now()')
      .select('event_id', 'section_id', 'quantity');
    for (const h of holds)
      await trx('event_ga_sections')
        .where({ event_id: h.event_id, section_id: h.section_id })
        .increment('sold', h.quantity);
    await trx('event_ga_holds').where({ basket_id: basketId }).del();
    await trx('baskets').where({ id: basketId }).update({ status: 'Completed' });
    return true;
  });

const moveClockPast = async (basketId: string) => {
  await db('baskets')
    .where({ id: basketId })
    .update({ expires_at: db.raw(`now() - interval '1 second'`) });
  await db('event_seats')
    .where({ basket_id: basketId })
    .update({ held_until: db.raw(`now() - interval '1 second'`) });
  await db('event_ga_holds')
    .where({ basket_id: basketId })
    .update({ held_until: db.raw(`now() - interval '1 second'`) });
};

const run = async (command: Command, model: Model, sequential: boolean) => {
  switch (command.kind) {
    case 'holdSeats': {
      const keys = command.seats.map((i) => seats[i]!.key);
      const mine = model.basketOf[command.client] ?? null;
      const before = command.seats.map((i) => model.owner[i]);
      const outcome = await outcomeOf(
        runtime,
        addSeats({
          caller: { basketId: mine, staff: false },
          holdSeconds: 900,
          eventId: seatEvent,
          salesChannel: 'Web',
          seats: keys.map((key) => ({ key })),
        }),
      );
      if (sequential) {
        if (before.every((o) => o === null)) expect(outcome).toMatchObject({ ok: true });
        else if (before.some((o) => o !== null && o === mine))
          expect(outcome).toMatchObject({ ok: false, tag: 'BasketRuleViolation' });
        else {
          expect(outcome).toMatchObject({ ok: false, tag: 'SeatsTaken' });
          const taken = command.seats.filter((i) => model.owner[i] !== null).map((i) => seats[i]!.key);
          expect(!outcome.ok && (outcome.error as { keys: string[] }).keys).toEqual(
            expect.arrayContaining(taken),
          );
        }
      }
      if (outcome.ok) {
        model.basketOf[command.client] = outcome.value.basketId;
        for (const i of command.seats) model.owner[i] = outcome.value.basketId;
        model.items.set(command.client, outcome.value.basket.basket.tickets);
      }
      return;
    }
    case 'holdGa': {
      const mine = model.basketOf[command.client] ?? null;
      const held = [...model.gaHeld.values()].reduce((a, b) => a + b, 0);
      const outcome = await outcomeOf(
        runtime,
        addGeneralAdmission({
          caller: { basketId: mine, staff: false },
          holdSeconds: 900,
          eventId: gaEvent,
          salesChannel: 'Web',
          ticketRequest: { [`${ga.price_level_id}-${priceTypes[0]}`]: command.quantity },
        }),
      );
      if (sequential) expect(outcome.ok).toBe(model.gaSold + held + command.quantity <= GA_CAPACITY);
      if (outcome.ok) {
        const id = outcome.value.basketId;
        model.basketOf[command.client] = id;
        model.gaHeld.set(id, (model.gaHeld.get(id) ?? 0) + command.quantity);
        model.items.set(command.client, outcome.value.basket.basket.tickets);
      }
      return;
    }
    case 'release': {
      const items = model.items.get(command.client) ?? [];
      const mine = model.basketOf[command.client] ?? null;
      if (items.length === 0 || !mine) return;
      const item = items[command.pick % items.length]!;
      const outcome = await outcomeOf(runtime, removeItems({ basketId: mine, itemIds: [item.id] }));
      if (outcome.ok) {
        if (item.isGa) model.gaHeld.set(mine, (model.gaHeld.get(mine) ?? 0) - item.quantity);
        else model.owner = model.owner.map((o, i) => (o === mine && seats[i]!.key === item.key ? null : o));
        model.items.set(command.client, outcome.value.basket.tickets);
      }
      return;
    }
    case 'changePriceType': {
      const items = model.items.get(command.client) ?? [];
      const mine = model.basketOf[command.client] ?? null;
      if (items.length === 0 || !mine) return;
      const item = items[command.pick % items.length]!;
      const outcome = await outcomeOf(
        runtime,
        changePriceType({
          basketId: mine,
          staff: false,
          itemIds: [item.id],
          priceTypeId: priceTypes[command.type % priceTypes.length]!,
        }),
      );
      if (outcome.ok) model.items.set(command.client, outcome.value.basket.tickets);
      return;
    }
    case 'expire': {
      const mine = model.basketOf[command.client] ?? null;
      if (!mine) return;
      await moveClockPast(mine);
      model.owner = model.owner.map((o) => (o === mine ? null : o));
      model.gaHeld.delete(mine);
      model.items.delete(command.client);
      return;
    }
    case 'sweep':
      await outcomeOf(runtime, releaseExpiredBaskets());
      return;
    case 'checkout': {
      const mine = model.basketOf[command.client] ?? null;
      if (!mine) return;
      const sold = await checkout(mine);
      if (sequential) expect(sold).toBe(model.items.has(command.client));
      if (sold) {
        model.owner = model.owner.map((o) => (o === mine ? 'sold' : o));
        model.gaSold += model.gaHeld.get(mine) ?? 0;
        model.gaHeld.delete(mine);
        model.basketOf[command.client] = null;
        model.items.delete(command.client);
      }
      return;
    }
  }
};

/**
 * The seat-status invariant, read from the database as it is now. The checks type their own SQL
 * on purpose: an oracle independent of adapters/postgres/inventory/seat-status/.
 */
const checkInvariants = async (model: Model) => {
  // A seat is in at most one live basket, and never both sold and claimed.
  const claims: {
    seat_id: number;
    basket_id: string;
    status: string;
    holder: string | null;
    live_hold: boolean;
  }[] = await db('basket_items as i')
    .join('baskets as b', 'b.id', 'i.basket_id')
    .join('event_seats as es', (j) => j.on('es.event_id', 'i.event_id').andOn('es.seat_id', 'i.seat_id'))
    .where('b.status', 'Active')
    .whereRaw('b.expires_at > now()')
    .whereNotNull('i.seat_id')
    .select(
      'i.seat_id',
      'i.basket_id',
      'es.status',
      'es.basket_id as holder',
      db.raw('(es.held_until > now()) as live_hold'),
    );
  const perSeat = new Map<number, number>();
  for (const c of claims) perSeat.set(c.seat_id, (perSeat.get(c.seat_id) ?? 0) + 1);
  for (const n of perSeat.values()) expect(n).toBe(1);
  for (const c of claims) {
    expect(c.status).not.toBe('Sold');
    expect(c.holder).toBe(c.basket_id);
    expect(c.live_hold).toBe(true);
  }
  // Every live seat hold is a live basket's item (no hold without its claim).
  const holds: { seat_id: number; basket_id: string }[] = await db('event_seats')
    .where({ event_id: seatEvent })
    .whereRaw('held_until > now()')
    .select('seat_id', 'basket_id');
  expect(holds.map((h) => `${h.seat_id}|${h.basket_id}`).sort()).toEqual(
    claims.map((c) => `${c.seat_id}|${c.basket_id}`).sort(),
  );
  // GA: sold + live holds within capacity; live holds are exactly the live baskets' GA items.
  const section: { capacity: number; sold: number } = await db('event_ga_sections')
    .where({ event_id: gaEvent, section_id: ga.section_id })
    .first('capacity', 'sold');
  const [liveHolds] = await db('event_ga_holds')
    .where({ event_id: gaEvent })
    .whereRaw('held_until > now()')
    .sum({ n: 'quantity' });
  const [liveItems] = await db('basket_items as i')
    .join('baskets as b', 'b.id', 'i.basket_id')
    .where({ 'i.event_id': gaEvent, 'b.status': 'Active' })
    .whereRaw('b.expires_at > now()')
    .sum({ n: 'i.quantity' });
  expect(section.sold + Number(liveHolds!.n ?? 0)).toBeLessThanOrEqual(section.capacity);
  expect(Number(liveHolds!.n ?? 0)).toBe(Number(liveItems!.n ?? 0));
  // The store agrees with what the buyers were told.
  expect(section.sold).toBe(model.gaSold);
  expect(Number(liveHolds!.n ?? 0)).toBe([...model.gaHeld.values()].reduce((a, b) => a + b, 0));
  const states: { seat_id: number; status: string; basket_id: string | null; live: boolean }[] = await db(
    'event_seats',
  )
    .where({ event_id: seatEvent })
    .whereIn(
      'seat_id',
      seats.map((s) => s.seat_id),
    )
    .select('seat_id', 'status', 'basket_id', db.raw('(held_until > now()) as live'));
  for (const [i, seat] of seats.entries()) {
    const state = states.find((s) => s.seat_id === seat.seat_id)!;
    const actual = state.status === 'Sold' ? 'sold' : state.live ? state.basket_id : null;
    expect(actual).toBe(model.owner[i]);
  }
  // Each live basket's totals are the sums of their parts, nothing negative.
  for (const id of new Set(model.basketOf.filter((b): b is string => b !== null))) {
    const outcome = await outcomeOf(runtime, currentBasket({ basketId: id }));
    if (!outcome.ok) continue; // expired or checked out
    const { basket, contexts, deliveryMethod } = outcome.value;
    const b = totalsOfBasket(basket, contexts, deliveryMethod);
    expect(b.Total).toBe(b.TicketAndFeeTotal + b.ProductTotal + b.DeliveryTotal + b.OrderLevelFeeTotal);
    expect(b.TicketAndFeeTotal).toBe(basket.tickets.reduce((s, t) => s + ticketLineTotal(t), 0));
    for (const t of basket.tickets) expect(t.price).toBeGreaterThanOrEqual(0);
  }
};

describe('hold engine model', () => {
  test('random interleavings of hold, release, price change, expiry, sweep and checkout keep the invariants', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          // One command per client in a round: each buyer acts in turn, buyers race each other.
          fc.uniqueArray(commandArb, {
            minLength: 1,
            maxLength: 3,
            selector: (c) => ('client' in c ? c.client : -1),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (rounds) => {
          await reset();
          const model = freshModel();
          for (const round of rounds) {
            await Promise.all(round.map((command) => run(command, model, round.length === 1)));
            await checkInvariants(model);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
