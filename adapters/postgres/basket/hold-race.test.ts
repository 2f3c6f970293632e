import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGeneralAdmission } from '../../../core/basket/add-general-admission.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createTestDatabase } from '../../../test/database.ts';
import {
  gaSectionsState,
  lockGaSections,
  takeGaPlaces,
  type SectionRow,
} from '../inventory/seat-status/ga-places.ts';
import { seatTakeable, takeSeats } from '../inventory/seat-status/take-seats.ts';
import { int, intArray, lit, textArray } from '../sql/batch.ts';
import {
  adultPriceTypeId,
  freshGaSection,
  lastSeatOf,
  outcomeOf,
  saleEventId,
} from '../../../test/basket.ts';

// A concurrency claim is proved the way pretix proves it. The control test runs a deliberately
// naive read-then-write hold: it reads the take condition of
// adapters/postgres/inventory/seat-status/take-seats.ts (seatTakeable) in a statement of its own,
// then writes with that module's takeSeats with the condition removed, and must show the race.
// The same read-then-write with the condition left in the write, and the real code raced by 200
// clients, must not. GA places likewise: without the section's lock between the read of what is
// left and the write of the hold (ga-places.ts), more places are held than there are.

const CLIENTS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 20 });
  runtime = makeAppRuntime({ db, config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }) });
});

afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

const newBaskets = async (count: number): Promise<string[]> => {
  const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
  const rows: { id: string }[] = await db('baskets')
    .insert(
      Array.from({ length: count }, () => ({
        sales_channel_id: web.id,
        expires_at: db.raw(`now() + interval '15 minutes'`),
      })),
    )
    .returning('id');
  return rows.map((r) => r.id);
};

/**
 * Read, decide, write: a round trip between the check and the write, as naive code has. The
 * write is the seat-status module's take statement, with or without its condition.
 */
const naiveHolds = async (
  eventId: number,
  last: { key: string; seat_id: number },
  condition: 'checked' | 'removed',
) => {
  const baskets = await newBaskets(CLIENTS);
  const event: { venue_configuration_id: number } = await db('events')
    .where({ id: eventId })
    .first('venue_configuration_id');
  const naiveHold = async (basketId: string) => {
    const read: { rows: { free: boolean }[] } = await db.raw(
      `select ${seatTakeable(intArray([]))} as free from event_seats es where es.event_id = ? and es.seat_id = ?`,
      [eventId, last.seat_id],
    );
    if (!read.rows[0]!.free) return false;
    await sleep(5);
    const written: { rows: unknown[] } = await db.raw(
      takeSeats(
        {
          basketId: lit(basketId),
          heldUntil: `now() + interval '15 minutes'`,
          eventId: int(eventId),
          venueConfigurationId: int(event.venue_configuration_id),
          keys: textArray([last.key]),
          sellableHoldSubclassIds: intArray([]),
          returning: 'es.seat_id',
        },
        condition,
      ),
    );
    return written.rows.length === 1;
  };
  return (await Promise.all(baskets.map(naiveHold))).filter(Boolean).length;
};

describe('the control: a read-then-write hold', () => {
  test('without the condition in the statement, shows a double hold when 200 clients race for the last seat', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const last = await lastSeatOf(db, eventId);
    // More than one buyer was told the seat is theirs: the race the real statement must close.
    expect(await naiveHolds(eventId, last, 'removed')).toBeGreaterThan(1);
  });

  test('with the condition in the statement, gives the last seat to exactly one of 200 clients', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const last = await lastSeatOf(db, eventId);
    expect(await naiveHolds(eventId, last, 'checked')).toBe(1);
  });
});

/**
 * GA places the naive way: each client reads what is left (gaSectionsState) in a statement of
 * its own, then writes its hold of one place (takeGaPlaces). 'removed': nothing between the read
 * and the write; 'checked': both in one transaction under the section's lock (lockGaSections),
 * the condition the real GA hold keeps.
 */
const naiveGaHolds = async (
  eventId: number,
  section: { section_id: number; key: string },
  condition: 'checked' | 'removed',
) => {
  const baskets = await newBaskets(CLIENTS);
  const items: { id: number }[] = await db('basket_items')
    .insert(
      baskets.map((basketId) => ({
        basket_id: basketId,
        item_type: 'Ticket',
        event_id: eventId,
        section_id: section.section_id,
        quantity: 1,
      })),
    )
    .returning('id');
  const hold = async (q: Knex | Knex.Transaction, basketId: string, itemId: number) => {
    const state: { rows: SectionRow[] } = await q.raw(
      gaSectionsState(eventId, `g.section_id = ${int(section.section_id)}`),
    );
    const left = state.rows[0]!;
    if (left.capacity - left.sold - left.live_held < 1) return false;
    await sleep(5);
    await q.raw(
      `with items as (select id, section_id, quantity from basket_items where id = ${int(itemId)})
       ${takeGaPlaces({ items: 'items', eventId: int(eventId), basketId: lit(basketId), heldUntil: `now() + interval '15 minutes'` })}`,
    );
    return true;
  };
  const outcomes = await Promise.all(
    baskets.map((basketId, i) =>
      condition === 'removed'
        ? hold(db, basketId, items[i]!.id)
        : db.transaction(async (trx) => {
            await trx.raw(lockGaSections(eventId, textArray([section.key])));
            return hold(trx, basketId, items[i]!.id);
          }),
    ),
  );
  return outcomes.filter(Boolean).length;
};

describe('the control: a read-then-write GA hold of one place each, 200 clients, 50 places', () => {
  test('without the section lock, holds more places than there are', async () => {
    const eventId = await saleEventId(db, 'COMEDY', 2);
    const section = await freshGaSection(db, eventId, 50);
    expect(await naiveGaHolds(eventId, section, 'removed')).toBeGreaterThan(50);
  });

  test('with the section lock, holds exactly the 50 places', async () => {
    const eventId = await saleEventId(db, 'COMEDY', 3);
    const section = await freshGaSection(db, eventId, 50);
    expect(await naiveGaHolds(eventId, section, 'checked')).toBe(50);
    // 200 transactions one after the other under the lock, each waiting 5 ms inside it.
  }, 60_000);
});

describe('the real hold', () => {
  test('200 clients racing for the last seat: exactly one gets it, 199 hear it was taken', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const last = await lastSeatOf(db, eventId);
    const outcomes = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        outcomeOf(
          runtime,
          addSeats({
            caller: { basketId: null, staff: false },
            holdSeconds: 900,
            eventId,
            salesChannel: 'Web',
            seats: [{ key: last.key }],
          }),
        ),
      ),
    );
    const winners = outcomes.filter((o) => o.ok);
    expect(winners).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.tag)).toEqual(
      Array(CLIENTS - 1).fill('SeatsTaken'),
    );
    const winner = winners[0]!.ok ? winners[0]!.value : undefined;
    const row = await db('event_seats')
      .where({ event_id: eventId, seat_id: last.seat_id })
      .first('basket_id');
    expect(row.basket_id).toBe(winner?.basketId);
    // Exactly one basket item anywhere claims the seat (the losers' baskets were rolled back).
    const claims = await db('basket_items')
      .where({ event_id: eventId, seat_id: last.seat_id })
      .count({ n: '*' });
    expect(Number(claims[0]!.n)).toBe(1);
  });

  test('200 clients on a GA section of 50 never hold more than 50 places', async () => {
    const eventId = await saleEventId(db, 'COMEDY', 0);
    const section = await freshGaSection(db, eventId, 50);
    const priceKey = `${section.price_level_id}-${await adultPriceTypeId(db)}`;
    const quantities = Array.from({ length: CLIENTS }, (_, i) => (i % 3) + 1);
    const outcomes = await Promise.all(
      quantities.map((quantity) =>
        outcomeOf(
          runtime,
          addGeneralAdmission({
            caller: { basketId: null, staff: false },
            holdSeconds: 900,
            eventId,
            salesChannel: 'Web',
            ticketRequest: { [priceKey]: quantity },
          }),
        ),
      ),
    );
    const held = outcomes.reduce((n, o, i) => n + (o.ok ? quantities[i]! : 0), 0);
    expect(held).toBeLessThanOrEqual(50);
    // Refusals only when too few places were left for that request.
    expect(held).toBeGreaterThanOrEqual(48);
    expect(new Set(outcomes.flatMap((o) => (o.ok ? [] : [o.tag])))).toEqual(new Set(['SeatsTaken']));
    const [stored] = await db('event_ga_holds')
      .where({ event_id: eventId, section_id: section.section_id })
      .whereRaw('held_until > now()')
      .sum({ n: 'quantity' });
    expect(Number(stored!.n)).toBe(held);
  });

  test('200 clients each asking one GA place of 50: exactly 50 get one', async () => {
    const eventId = await saleEventId(db, 'COMEDY', 1);
    const section = await freshGaSection(db, eventId, 50);
    const priceKey = `${section.price_level_id}-${await adultPriceTypeId(db)}`;
    const outcomes = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        outcomeOf(
          runtime,
          addGeneralAdmission({
            caller: { basketId: null, staff: false },
            holdSeconds: 900,
            eventId,
            salesChannel: 'Web',
            ticketRequest: { [priceKey]: 1 },
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(50);
  });
});
