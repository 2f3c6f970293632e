import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';

// The demo's membership and member prices (adapters/postgres/demo/memberships.ts).

let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = createDatabase(database.url, { max: 2 });
  drop = database.drop;
});

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('demo memberships', () => {
  it('sells Friends of Foyer for 12 months at Friend $60 and Patron $150, giving the Membership tag', async () => {
    const type = await db('membership_types as t')
      .join('customer_tag_types as c', 'c.id', 't.customer_tag_type_id')
      .where('t.code', 'FRIENDS')
      .first('t.*', 'c.name as tag', 'c.kind');
    expect(type).toMatchObject({
      name: 'Friends of Foyer',
      duration_months: 12,
      tag: 'Membership',
      kind: 'Membership',
    });
    const levels = await db('membership_price_levels')
      .where({ membership_type_id: type.id })
      .orderBy('display_order')
      .select('display_name', 'price');
    expect(levels).toEqual([
      { display_name: 'Friend', price: 6000 },
      { display_name: 'Patron', price: 15000 },
    ]);
  });

  it('prices a Member type, restricted to the Membership tag, about 15% under Adult on the first series only', async () => {
    const member = await db('price_types').where({ code: 'Member' }).first();
    const tag = await db('customer_tag_types').where({ name: 'Membership', kind: 'Membership' }).first('id');
    expect(member.customer_tag_type_ids).toEqual([tag.id]);
    const pairs: { member: number; adult: number; series: number }[] = (
      await db.raw(
        `select m.amount as member, a.amount as adult, e.event_template_id as series
           from prices m
           join prices a on a.price_level_id = m.price_level_id
           join price_types pa on pa.id = a.price_type_id and pa.code = 'Adult'
           join events e on e.id = m.event_id
          where m.price_type_id = ?`,
        [member.id],
      )
    ).rows;
    expect(pairs.length).toBeGreaterThan(0);
    expect(new Set(pairs.map((p) => p.series)).size).toBe(1);
    for (const p of pairs) {
      expect(p.member).toBeLessThan(p.adult);
      expect(Math.abs(p.member - p.adult * 0.85)).toBeLessThanOrEqual(25);
    }
  });
});
