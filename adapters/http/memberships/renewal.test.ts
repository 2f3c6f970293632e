import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../../core/memberships/gift-delivery.ts';
import { membershipTerm } from '../../../core/memberships/membership-term.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { MembershipOffer } from '../contract/memberships.ts';
import { readAfresh } from '../server.ts';
import { newCustomer } from '../checkout/test-people.ts';
import { giftWorld, type GiftWorld } from '../gift-certificates/test-gifts.ts';
import { followUpPaidOrder } from '../../../core/orders/order-placed.ts';
import {
  addMembership,
  dayFromToday,
  demoMembership,
  memberPricedSeat,
  type DemoMembership,
} from './test-memberships.ts';

// A membership's term and its tag over time (core/memberships/membership-term.ts renewedTerm,
// migrations/20261216000200_membership_tags.ts): bought again while it runs, the new year starts
// the day after the current one ends; once every term has ended, the member's tag no longer
// counts (no Member prices); bought again after that, it starts today and the tag counts again.

let world: GiftWorld;
let db: Knex;
let demo: DemoMembership;

beforeAll(async () => {
  // Prices read afresh: a lapsed membership shows at once, not when the pricing cache renews.
  world = await giftWorld(readAfresh);
  db = world.db;
  demo = await demoMembership(db);
});

afterAll(async () => {
  await world?.close();
});

const buy = async (b: Browser, email: string) => {
  expect((await addMembership(b, { priceLevelID: demo.friend })).status).toBe(200);
  const paid = await b.checkout(
    checkoutBody(await b.token('4242424242424242'), { Email: email, FirstName: 'Rene', LastName: 'Wal' }),
  );
  expect(paid.status, paid.raw).toBe(200);
  await world.runtime.runPromise(followUpPaidOrder(paid.body.Order.ID as number));
  return (await db('memberships')
    .where({ order_id: paid.body.Order.ID })
    .first(
      db.raw(`id, to_char(starts_on, 'YYYY-MM-DD') as starts_on, to_char(ends_on, 'YYYY-MM-DD') as ends_on`),
    )) as {
    id: number;
    starts_on: string;
    ends_on: string;
  };
};

const priceTypes = async (b: Browser, customerId: number) => {
  const { eventId } = await memberPricedSeat(db);
  const res = await b.call('GET', `/api/eventinventory/pricing/${eventId}/consumer?userId=${customerId}`);
  expect(res.status).toBe(200);
  return (res.body.PriceTypes as { Code: string }[]).map((t) => t.Code);
};

/** The tag types the signed-in customer's account shows. */
const tags = async (b: Browser) => {
  const res = await b.call('GET', '/api/account/details');
  expect(res.status, res.raw).toBe(200);
  return (res.body.customerTags as { customerTagType: { ID: number } }[]).map((t) => t.customerTagType.ID);
};

describe('renewing a membership', () => {
  test('bought again while it runs, the new term follows the current one without a gap or an overlap', async () => {
    const email = 'renew-early@example.com';
    const member = await newCustomer(world.server, email);
    const first = await buy(member, email);
    const today = dayFromToday(demo.timeZone, 0);
    expect(first).toMatchObject({ starts_on: today, ends_on: membershipTerm(today, 12).endsOn });
    // The page tells the member so before they buy; it tells no one else.
    const offer = async (b: Browser) =>
      MembershipOffer.parse((await b.call('GET', '/api/memberships/FRIENDS')).body);
    expect(await offer(member)).toMatchObject({
      MemberUntil: first.ends_on,
      RenewsFrom: addDays(first.ends_on, 1),
    });
    expect(await offer(await browser(world.server))).toMatchObject({ MemberUntil: null, RenewsFrom: null });
    const second = await buy(member, email);
    expect(second.starts_on).toBe(addDays(first.ends_on, 1));
    expect(await offer(member)).toMatchObject({ MemberUntil: second.ends_on });
    expect(second.ends_on).toBe(membershipTerm(second.starts_on, 12).endsOn);
  });

  test('a lapsed membership takes its member prices with it; renewed after, they come back from today', async () => {
    const email = 'renew-late@example.com';
    const member = await newCustomer(world.server, email);
    const customer: { id: number } = await db('customers').where({ email }).first('id');
    const first = await buy(member, email);
    expect(await priceTypes(member, customer.id)).toContain('Member');
    expect(await tags(member)).toContain(demo.tagTypeId);

    // Its year has passed: the term moved 13 months back, as if bought then.
    await db('memberships')
      .where({ id: first.id })
      .update({
        starts_on: db.raw(`starts_on - interval '13 months'`),
        ends_on: db.raw(`ends_on - interval '13 months'`),
      });
    expect(await priceTypes(member, customer.id)).not.toContain('Member');
    expect(await tags(member)).not.toContain(demo.tagTypeId);
    expect(
      MembershipOffer.parse((await member.call('GET', '/api/memberships/FRIENDS')).body).RenewsFrom,
    ).toBeNull();
    // The tag row stays; it counts again with the next membership.
    expect(
      await db('customer_tags').where({ customer_id: customer.id, customer_tag_type_id: demo.tagTypeId }),
    ).toEqual([expect.objectContaining({ granted_by_membership: true })]);

    const renewed = await buy(member, email);
    expect(renewed.starts_on).toBe(dayFromToday(demo.timeZone, 0));
    expect(await priceTypes(member, customer.id)).toContain('Member');
    expect(await tags(member)).toContain(demo.tagTypeId);
  });

  test('a tag given by hand does not lapse with a membership', async () => {
    const email = 'renew-manual@example.com';
    const member = await newCustomer(world.server, email);
    const customer: { id: number } = await db('customers').where({ email }).first('id');
    await db('customer_tags').insert({ customer_id: customer.id, customer_tag_type_id: demo.tagTypeId });
    const first = await buy(member, email);
    await db('memberships')
      .where({ id: first.id })
      .update({
        starts_on: db.raw(`starts_on - interval '13 months'`),
        ends_on: db.raw(`ends_on - interval '13 months'`),
      });
    expect(await priceTypes(member, customer.id)).toContain('Member');
  });
});
