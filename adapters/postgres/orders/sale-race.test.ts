import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { lastSeatOf, saleEventId } from '../../../test/basket.ts';
import { seatSellable, sellHeldSeats } from '../inventory/seat-status/sell.ts';

// The sale's race control, as hold-race.test.ts does for holds: 200 checkouts of baskets that ran
// out after their payments were taken (the late sale, `live` false, that sells seats nobody else
// holds) race for the last seat. Read-then-write without the sale's condition
// (adapters/postgres/inventory/seat-status/sell.ts) must show two orders selling one seat; with
// it, and with the real sale, exactly one order gets the seat.

const CLIENTS = 200;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 20 });
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const saleOf = (eventId: number, seat: { key: string; seat_id: number }, client: number) => ({
  basketId: randomUUID(),
  orderId: 1_000_000 + client,
  live: false,
  seats: [{ eventId, seatId: seat.seat_id, holdSubclassId: null, key: seat.key }],
});

/** Each client reads whether it may sell in a statement of its own, then writes the sale. */
const naiveSales = async (
  eventId: number,
  seat: { key: string; seat_id: number },
  condition: 'checked' | 'removed',
) => {
  const naiveSale = async (client: number) => {
    const sale = saleOf(eventId, seat, client);
    const read: { rows: { free: boolean }[] } = await db.raw(
      `select ${seatSellable(false)} as free
         from event_seats es, (select null::int as hold_subclass_id) w
        where es.event_id = ? and es.seat_id = ?`,
      [sale.basketId, eventId, seat.seat_id],
    );
    if (!read.rows[0]!.free) return false;
    await sleep(5);
    return (await sellHeldSeats(db, sale, condition)).length === 1;
  };
  return (await Promise.all(Array.from({ length: CLIENTS }, (_, i) => naiveSale(i)))).filter(Boolean).length;
};

const ordersOf = async (eventId: number, seatId: number) =>
  (await db('event_seats').where({ event_id: eventId, seat_id: seatId }).first('status', 'order_id')) as {
    status: string;
    order_id: number | null;
  };

describe('the control: a read-then-write sale', () => {
  test('without the condition in the statement, two orders sell the last seat', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const last = await lastSeatOf(db, eventId);
    expect(await naiveSales(eventId, last, 'removed')).toBeGreaterThan(1);
  });

  test('with the condition in the statement, exactly one of 200 sells it', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const last = await lastSeatOf(db, eventId);
    expect(await naiveSales(eventId, last, 'checked')).toBe(1);
    expect((await ordersOf(eventId, last.seat_id)).status).toBe('Sold');
  });
});

describe('the real sale', () => {
  test('200 late checkouts racing for the last seat: exactly one order has it', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 3);
    const last = await lastSeatOf(db, eventId);
    const sold = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        db.transaction((trx) => sellHeldSeats(trx, saleOf(eventId, last, i))),
      ),
    );
    const winners = sold.flatMap((rows, client) => (rows.length === 1 ? [1_000_000 + client] : []));
    expect(winners).toHaveLength(1);
    expect(await ordersOf(eventId, last.seat_id)).toEqual({ status: 'Sold', order_id: winners[0] });
  });
});
