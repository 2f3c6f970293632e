import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../../database.ts';
import { createTestDatabase } from '../../../../test/database.ts';
import { saleEventId } from '../../../../test/basket.ts';
import { insertEventOrders } from '../../../../test/event-orders.ts';
import { nationalDigits } from '../../../../core/orders/staff-orders/order-search.ts';
import { searchOrders } from './staff-orders.ts';

// The staff order search's phone reading on a real database: the SQL function the index is built
// on reads a phone as core/orders/staff-orders/order-search.ts does, and the search starts from
// the indexes.

let drop: () => Promise<void>;
let db: Knex;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 2 });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const inSql = async (phones: readonly string[]): Promise<(string | null)[]> =>
  (
    (await db.raw(
      `select foyer_phone_national(p) as national
         from json_array_elements_text(?::json) with ordinality as u(p, i)
        order by i`,
      [JSON.stringify(phones)],
    )) as { rows: { national: string | null }[] }
  ).rows.map((r) => r.national);

describe('a phone in the order search', () => {
  test('the index function reads a phone as the search rule does', async () => {
    const phones = fc.sample(
      fc.oneof(
        fc.stringMatching(/^\s{0,2}(\+|00)?\d{0,4}[\s().-]{0,2}\d{0,6}[\s().-]{0,2}\d{0,6}$/),
        fc.string({ maxLength: 20 }),
      ),
      { numRuns: 500, seed: 4242 },
    );
    const written = [...phones, '+1 212 555 0100', '0044 20 7946 0000', '020 7946 0000', '', '+', 'call me'];
    const national = await inSql(written);
    for (const [i, phone] of written.entries())
      expect(national[i], JSON.stringify(phone)).toBe(nationalDigits(phone));
  });

  test('finds an order by the start of its number without the country code, from an index', async () => {
    const [sold] = await insertEventOrders(db, { eventId: await saleEventId(db, 'HAMLET'), orders: 1 });
    const order = { id: sold!.orderId };
    await db('orders').where({ id: order.id }).update({ phone: '+1 212 555 0100' });
    for (const q of ['212555', '212 555', '(212) 555-01', '+1 212 555 0100', '2125550100', '555 0100'])
      expect(
        (await searchOrders(db, { q, eventId: null, date: null, page: 1, pageSize: 200 })).rows.map(
          (r) => r.id,
        ),
        q,
      ).toContain(order.id);
    expect(
      (await searchOrders(db, { q: '213555', eventId: null, date: null, page: 1, pageSize: 200 })).rows.map(
        (r) => r.id,
      ),
    ).not.toContain(order.id);

    const plan = await db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = (
        await trx.raw(`explain select id from orders where foyer_phone_national(phone) like ?`, ['212555%'])
      ).rows;
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('orders_phone_national');
  });
});
