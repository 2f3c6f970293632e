import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addGeneralAdmission } from '../../../core/basket/add-general-admission.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
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

// DESIGN.md 5: a concurrency claim is proved the way pretix proves it. The control test runs a
// deliberately naive read-then-write hold (the condition taken out of the statement) and must
// show the race; the real code, raced by 200 clients, must not.

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

/** Sells every seat of the event but one: the last seat everybody races for. */
const lastSeatOf = async (eventId: number) => {
  const [last] = await plainOpenSeats(db, eventId, 1);
  await db('event_seats')
    .where({ event_id: eventId })
    .whereNot({ seat_id: last!.seat_id })
    .update({ status: 'Sold', hold_subclass_id: null, basket_id: null, held_until: null });
  return last!;
};

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

describe('the control: a read-then-write hold without the condition in the statement', () => {
  test('shows a double hold when 200 clients race for the last seat', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const last = await lastSeatOf(eventId);
    const baskets = await newBaskets(CLIENTS);
    // Read, decide, write: a round trip between the check and the write, as naive code has.
    const naiveHold = async (basketId: string) => {
      const seat: { free: boolean } = await db('event_seats')
        .where({ event_id: eventId, seat_id: last.seat_id })
        .first(db.raw(`status = 'Open' and (held_until is null or held_until <= now()) as free`));
      if (!seat.free) return false;
      await sleep(5);
      await db('event_seats')
        .where({ event_id: eventId, seat_id: last.seat_id })
        .update({ basket_id: basketId, held_until: db.raw(`now() + interval '15 minutes'`) });
      return true;
    };
    const winners = (await Promise.all(baskets.map(naiveHold))).filter(Boolean).length;
    // More than one buyer was told the seat is theirs: the race the real statement must close.
    expect(winners).toBeGreaterThan(1);
  });
});

describe('the real hold', () => {
  test('200 clients racing for the last seat: exactly one gets it, 199 hear it was taken', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const last = await lastSeatOf(eventId);
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
