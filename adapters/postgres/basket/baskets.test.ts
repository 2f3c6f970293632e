import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGeneralAdmission } from '../../../core/basket/add-general-admission.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
import { changePriceType } from '../../../core/basket/pricing/change-price-type.ts';
import { expireBasket, releaseExpiredBaskets } from '../../../core/basket/expire-basket.ts';
import { expirationTime } from '../../../core/basket/read-basket.ts';
import { removeItems } from '../../../core/basket/remove-items.ts';
import { SeatChangeFeed, type SeatChange } from '../../../core/inventory/seat-change-feed.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createTestDatabase } from '../../../test/database.ts';
import {
  adultPriceTypeId,
  freshGaSection,
  outcomeOf,
  plainOpenSeats,
  saleEventId,
} from '../../../test/basket.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 5 });
  runtime = makeAppRuntime({ db, config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }) });
  eventId = await saleEventId(db, 'HAMLET', 3);
});

afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

const hold = (
  keys: string[],
  basketId: string | null = null,
  over: Partial<Parameters<typeof addSeats>[0]> = {},
) =>
  outcomeOf(
    runtime,
    addSeats({
      caller: { basketId, staff: false },
      holdSeconds: 900,
      eventId,
      salesChannel: 'Web',
      seats: keys.map((key) => ({ key })),
      ...over,
    }),
  );

const heard = async (id: number) => {
  const changes: SeatChange[] = [];
  const stop = await runtime.runPromise(
    SeatChangeFeed.use((feed) => feed.subscribe(id, (c) => changes.push(c))),
  );
  return { changes, stop };
};

const holderOf = async (key: string) =>
  (await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .where({ 'es.event_id': eventId, 's.key': key })
    .first('es.basket_id', db.raw('(es.held_until > now()) as live'))) as {
    basket_id: string | null;
    live: boolean;
  };

describe('seat holds', () => {
  test('a partial hold rolls back whole and reports the taken seats', async () => {
    const [a, b, c] = await plainOpenSeats(db, eventId, 3, 0);
    const first = await hold([b!.key]);
    expect(first.ok).toBe(true);
    const baskets = await db('baskets').count({ n: '*' });
    const second = await hold([a!.key, b!.key, c!.key]);
    expect(second).toMatchObject({ ok: false, tag: 'SeatsTaken', error: { keys: [b!.key] } });
    // Nothing of the second request is held, and no basket was left behind.
    expect((await holderOf(a!.key)).basket_id).toBeNull();
    expect((await holderOf(c!.key)).basket_id).toBeNull();
    expect(await db('baskets').count({ n: '*' })).toEqual(baskets);
  });

  test('an expired hold is free at once, with no worker running', async () => {
    const [seat] = await plainOpenSeats(db, eventId, 1, 10);
    const first = await hold([seat!.key]);
    if (!first.ok) throw new Error('first hold refused');
    await db('baskets')
      .where({ id: first.value.basketId })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    await db('event_seats')
      .where({ basket_id: first.value.basketId })
      .update({ held_until: db.raw(`now() - interval '1 second'`) });
    const second = await hold([seat!.key]);
    expect(second.ok).toBe(true);
    expect((await holderOf(seat!.key)).basket_id).toBe(second.ok && second.value.basketId);
    // The first buyer's basket is gone for them: 404, not someone else's seats.
    expect(await outcomeOf(runtime, expirationTime({ basketId: first.value.basketId }))).toMatchObject({
      ok: false,
      tag: 'BasketNotFound',
    });
  });

  test('a second hold joins the same basket and shares its expiry', async () => {
    const [a, b] = await plainOpenSeats(db, eventId, 2, 20);
    const first = await hold([a!.key]);
    if (!first.ok) throw new Error('refused');
    const second = await hold([b!.key], first.value.basketId);
    if (!second.ok) throw new Error('refused');
    expect(second.value.basketId).toBe(first.value.basketId);
    expect(second.value.created).toBe(false);
    expect(second.value.basket.basket.expiresAt).toEqual(first.value.basket.basket.expiresAt);
    expect(second.value.basket.basket.tickets.map((t) => t.key)).toEqual([a!.key, b!.key]);
  });

  test('held seats are sellable only to the channels their hold subclass allows, when asked for', async () => {
    const house: { seat_id: number; key: string; hold_subclass_id: number } = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .join('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
      .where({ 'es.event_id': eventId, 'hs.name': 'House Seats' })
      .first('es.seat_id', 's.key', 'es.hold_subclass_id');
    const asWeb = await hold([house.key]);
    expect(asWeb).toMatchObject({ ok: false, tag: 'SeatsTaken' });
    // Consumers may not sell on a box-office channel at all.
    const consumerOnBoxOffice = await hold([house.key], null, { salesChannel: 'BoxOffice' });
    expect(consumerOnBoxOffice).toMatchObject({
      ok: false,
      tag: 'BasketRuleViolation',
      error: { rule: 'SalesChannel' },
    });
    const staff = { caller: { basketId: null, staff: true }, salesChannel: 'BoxOffice' };
    expect(await hold([house.key], null, staff)).toMatchObject({ ok: false, tag: 'SeatsTaken' });
    const released = await hold([house.key], null, {
      ...staff,
      holdSubclassIds: new Set([house.hold_subclass_id]),
    });
    expect(released).toMatchObject({
      ok: true,
      value: { basket: { basket: { salesChannel: { code: 'BoxOffice' } } } },
    });
    // The ticket remembers the subclass it was sold from.
    expect(released.ok && released.value.basket.basket.tickets[0]!.holdSubclassId).toBe(
      house.hold_subclass_id,
    );
  });

  test('a seat whose price level changed since it was last read is priced at the level it has now', async () => {
    const [first, second] = await plainOpenSeats(db, eventId, 2, 90);
    // The first hold reads the event's seats; the second seat then moves to another price level.
    expect((await hold([first!.key])).ok).toBe(true);
    const level: { price_level_id: number } = await db('event_seats')
      .where({ event_id: eventId, seat_id: second!.seat_id })
      .first('price_level_id');
    const other: { id: number } = await db('price_levels')
      .where({ event_id: eventId })
      .whereNot({ id: level.price_level_id })
      .first('id');
    await db('event_seats')
      .where({ event_id: eventId, seat_id: second!.seat_id })
      .update({ price_level_id: other.id });
    const held = await hold([second!.key]);
    expect(held).toMatchObject({
      ok: true,
      value: { basket: { basket: { tickets: [{ key: second!.key, priceLevelId: other.id }] } } },
    });
  });

  test('an unknown seat is a bad request, not a conflict', async () => {
    expect(await hold(['NOWHERE-Z-999'])).toMatchObject({
      ok: false,
      tag: 'BasketRuleViolation',
      error: { rule: 'UnknownSeat' },
    });
  });
});

describe('releases are announced', () => {
  test('a hold announces Unavailable; removing the item frees the seat and announces Open', async () => {
    const { changes, stop } = await heard(eventId);
    const [seat] = await plainOpenSeats(db, eventId, 1, 30);
    const held = await hold([seat!.key]);
    if (!held.ok) throw new Error('refused');
    const item = held.value.basket.basket.tickets[0]!;
    const removed = await outcomeOf(
      runtime,
      removeItems({ basketId: held.value.basketId, itemIds: [item.id] }),
    );
    expect(removed).toMatchObject({ ok: true, value: { basket: { tickets: [] } } });
    expect((await holderOf(seat!.key)).basket_id).toBeNull();
    expect(changes.map((c) => [c.status, c.keys])).toEqual([
      ['Unavailable', [seat!.key]],
      ['Open', [seat!.key]],
    ]);
    await stop();
  });

  test('the sweep frees baskets whose time ran out and announces their seats; expire ends one at once', async () => {
    const [a, b] = await plainOpenSeats(db, eventId, 2, 40);
    const first = await hold([a!.key]);
    const second = await hold([b!.key]);
    if (!first.ok || !second.ok) throw new Error('refused');
    await db('baskets')
      .where({ id: first.value.basketId })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    await db('event_seats')
      .where({ basket_id: first.value.basketId })
      .update({ held_until: db.raw(`now() - interval '1 second'`) });
    const { changes, stop } = await heard(eventId);
    expect(await outcomeOf(runtime, releaseExpiredBaskets())).toMatchObject({ ok: true });
    expect(changes.flatMap((c) => c.keys)).toContain(a!.key);
    expect(await db('baskets').where({ id: first.value.basketId }).first('status')).toEqual({
      status: 'Expired',
    });
    expect((await holderOf(a!.key)).basket_id).toBeNull();
    expect((await holderOf(b!.key)).basket_id).toBe(second.value.basketId);

    expect(await outcomeOf(runtime, expireBasket({ basketId: second.value.basketId }))).toEqual({
      ok: true,
      value: 1,
    });
    expect((await holderOf(b!.key)).basket_id).toBeNull();
    expect(changes.map((c) => c.keys).at(-1)).toEqual([b!.key]);
    // Expiring again is harmless.
    expect(await outcomeOf(runtime, expireBasket({ basketId: second.value.basketId }))).toEqual({
      ok: true,
      value: 0,
    });
    await stop();
  });

  test('without a job queue, a timer in this process frees and announces the seats at expiry', async () => {
    const [seat] = await plainOpenSeats(db, eventId, 1, 70);
    const { changes, stop } = await heard(eventId);
    const held = await hold([seat!.key], null, { holdSeconds: 1 });
    if (!held.ok) throw new Error('refused');
    const deadline = Date.now() + 4_000;
    while (!changes.some((c) => c.status === 'Open') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(changes.map((c) => [c.status, c.keys])).toEqual([
      ['Unavailable', [seat!.key]],
      ['Open', [seat!.key]],
    ]);
    expect(await db('baskets').where({ id: held.value.basketId }).first('status')).toEqual({
      status: 'Expired',
    });
    await stop();
  });

  test('GA holds are announced with the section key', async () => {
    const gaEvent = await saleEventId(db, 'COMEDY', 3);
    const section = await freshGaSection(db, gaEvent, 3);
    const { changes, stop } = await heard(gaEvent);
    const key = `${section.price_level_id}-${await adultPriceTypeId(db)}`;
    const outcome = await outcomeOf(
      runtime,
      addGeneralAdmission({
        caller: { basketId: null, staff: false },
        holdSeconds: 900,
        eventId: gaEvent,
        salesChannel: 'Web',
        ticketRequest: { [key]: 3 },
      }),
    );
    expect(outcome).toMatchObject({
      ok: true,
      value: { basket: { basket: { tickets: [{ isGa: true, quantity: 3, key: section.key }] } } },
    });
    // Full now: the map should show the section unavailable.
    expect(changes).toMatchObject([{ keys: [section.key], status: 'Unavailable' }]);
    await stop();
  });
});

describe('price type changes', () => {
  test("one at a time: while another is in progress the basket answers 'already being processed'", async () => {
    const [seat] = await plainOpenSeats(db, eventId, 1, 50);
    const held = await hold([seat!.key]);
    if (!held.ok) throw new Error('refused');
    const item = held.value.basket.basket.tickets[0]!;
    const child: { id: number } = await db('price_types').where({ code: 'Child' }).first('id');
    const change = () =>
      outcomeOf(
        runtime,
        changePriceType({
          basketId: held.value.basketId,
          staff: false,
          itemIds: [item.id],
          priceTypeId: child.id,
        }),
      );
    // Another change of this basket is in progress: it holds the basket's price-change lock.
    const other = await db.transaction();
    await other.raw(`select pg_advisory_xact_lock(hashtextextended('foyer.basket.price-type:' || ?, 0))`, [
      held.value.basketId,
    ]);
    expect(await change()).toMatchObject({ ok: false, tag: 'PriceChangePending' });
    await other.rollback();
    const done = await change();
    expect(done).toMatchObject({ ok: true, value: { basket: { tickets: [{ priceTypeName: 'Child' }] } } });
  });

  test('a failed change keeps the old price types', async () => {
    const [a, b] = await plainOpenSeats(db, eventId, 2, 60);
    const held = await hold([a!.key, b!.key]);
    if (!held.ok) throw new Error('refused');
    const ids = held.value.basket.basket.tickets.map((t) => t.id);
    const comp: { id: number } = await db('price_types').where({ code: 'Comp' }).first('id');
    const refused = await outcomeOf(
      runtime,
      changePriceType({ basketId: held.value.basketId, staff: false, itemIds: ids, priceTypeId: comp.id }),
    );
    expect(refused).toMatchObject({ ok: false, tag: 'PriceTypeChangeFailed' });
    const stored = await db('basket_items').whereIn('id', ids).pluck('price_type_name');
    expect(stored).toEqual(['Adult', 'Adult']);
  });
});
