import { describe, expect, it } from 'vitest';
import { saleEventId } from '../test/basket.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { cliWorld, runFoyer } from './test-cli.ts';

// `foyer memberships list` as an operator types it: the demo's type with its levels and prices,
// and its members today: a delivered membership whose term covers today counts once per
// customer; an ended one, or one not yet delivered, does not.
const world = cliWorld('foyer-memberships-cli-');
const foyer = (args: string[]) => runFoyer(world, args);

interface Listed {
  Code: string;
  Currency: string;
  IsOnSale: boolean;
  Levels: { Name: string; Price: number }[];
  ActiveMembers: number;
}

const listed = async () => {
  const run = await foyer(['memberships', 'list', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as Listed[]).find((t) => t.Code === 'FRIENDS')!;
};

let made = 0;

/** A membership of FRIENDS for a new customer, its term `from`..`to` days from today. */
const membership = async (email: string, from: number, to: number, delivered: boolean) => {
  const db = world.db;
  const type = await db('membership_types').where({ code: 'FRIENDS' }).first('id', 'time_zone');
  const level = await db('membership_price_levels')
    .where({ membership_type_id: type.id })
    .first('id', 'price');
  const [customer] = await db('customers').insert({ email, first_name: 'M', last_name: 'L' }).returning('id');
  const [order] = await insertEventOrders(db, {
    eventId: await saleEventId(db, 'HAMLET', 3),
    orders: 1,
    ticketsPerOrder: 1,
  });
  const today = `(now() at time zone '${type.time_zone}')::date`;
  made++;
  await db('memberships').insert({
    // As if sold by basket items of its own (issuing keys a membership by its item).
    basket_item_id: 900_000 + made,
    order_id: order!.orderId,
    membership_type_id: type.id,
    membership_price_level_id: level.id,
    customer_id: customer.id,
    price: level.price,
    starts_on: db.raw(`${today} + ?::int`, [from]),
    ends_on: db.raw(`${today} + ?::int`, [to]),
    barcode: `M9999999999${made}`,
    delivered_at: delivered ? db.fn.now() : null,
  });
};

describe('foyer memberships list', { timeout: 120_000 }, () => {
  it('prints each type with its levels, sale and members today, as a table and as JSON', async () => {
    const before = await listed();
    expect(before).toMatchObject({
      Currency: 'USD',
      IsOnSale: true,
      Levels: [
        { Name: 'Friend', Price: 6000 },
        { Name: 'Patron', Price: 15000 },
      ],
    });
    await membership('active@example.com', -10, 300, true);
    await membership('ended@example.com', -400, -35, true);
    await membership('undelivered@example.com', 0, 364, false);
    expect((await listed()).ActiveMembers).toBe(before.ActiveMembers + 1);

    const table = await foyer(['memberships', 'list']);
    expect(table.code, table.stderr).toBe(0);
    const row = table.stdout.split('\n').find((line) => line.includes('FRIENDS'))!;
    expect(row).toContain('Friends of Foyer');
    expect(row).toContain('12 months');
    expect(row).toContain('Friend $60.00, Patron $150.00');
    expect(row).toContain('on sale');
    expect(row.trim().endsWith(String(before.ActiveMembers + 1))).toBe(true);
  });
});
