import { Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailFailed } from '../../../core/orders/ports.ts';
import type { MembershipToIssue } from '../../../core/memberships/ports.ts';
import { browser, checkoutBody } from '../../http/checkout/test-browser.ts';
import { addMembership, demoMembership, queuedWorld } from '../../http/memberships/test-memberships.ts';
import { deliverOnce, issueMembership, readMembershipOrder } from './memberships.ts';

// The store's promises on real PostgreSQL: one membership per basket item however many runs issue
// it at once, and one delivery (tag, e-mail, delivered_at together) however many runs deliver it;
// a failed e-mail changes nothing.

let world: Awaited<ReturnType<typeof queuedWorld>>;
let db: Knex;
let request: MembershipToIssue;

beforeAll(async () => {
  world = await queuedWorld();
  db = world.db;
  const demo = await demoMembership(db);
  const b = await browser(world.server);
  expect((await addMembership(b, { priceLevelID: demo.friend })).status).toBe(200);
  const paid = await b.checkout(
    checkoutBody(await b.token('4242424242424242'), { Email: 'store@example.com' }),
  );
  expect(paid.status, paid.raw).toBe(200);
  // Undo what the checkout issued: the store is exercised from scratch below.
  const order = (await readMembershipOrder(db, paid.body.Order.ID))!;
  await db('memberships').where({ order_id: order.orderId }).delete();
  await db('customer_tags').where({ customer_tag_type_id: demo.tagTypeId }).delete();
  const line = order.lines[0]!;
  request = {
    orderId: order.orderId,
    itemId: line.itemId,
    membershipTypeId: line.membershipTypeId,
    priceLevelId: line.priceLevelId,
    price: line.price,
    member: { customerId: null, email: 'Store@Example.com', firstName: 'Sto', lastName: 'Re' },
    buyerCustomerId: null,
    startsOn: '2026-11-27',
    durationMonths: 12,
    isGift: false,
    giftMessage: null,
    deliverAt: null,
  };
});

afterAll(async () => {
  await world?.close();
});

describe('memberships store', () => {
  it('issues one membership per basket item when ten runs issue it at once', async () => {
    const issued = await Promise.all(Array.from({ length: 10 }, () => issueMembership(db, request)));
    expect(new Set(issued.map((m) => m.id)).size).toBe(1);
    expect(await db('memberships').where({ basket_item_id: request.itemId })).toHaveLength(1);
    expect(issued[0]).toMatchObject({ startsOn: '2026-11-27', endsOn: '2027-11-26', deliveredAt: null });
    // The member is the existing customer with that address, in any case.
    expect(await db('customers').whereRaw('lower(email) = ?', ['store@example.com'])).toHaveLength(1);
  });

  it('a failed e-mail gives no tag and leaves it undelivered; then ten runs deliver it once', async () => {
    const [membership] = await db('memberships').where({ basket_item_id: request.itemId });
    const now = new Date();
    const failed = await deliverOnce(db, membership.id, now, () =>
      Effect.fail(new MailFailed({ reason: 'mailbox busy', permanent: false })),
    );
    expect(failed).toMatchObject({ ok: false });
    expect((await db('memberships').where({ id: membership.id }).first()).delivered_at).toBeNull();
    expect(await db('customer_tags').where({ customer_id: membership.customer_id })).toEqual([]);

    let sends = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        deliverOnce(db, membership.id, now, () => Effect.sync(() => void sends++)),
      ),
    );
    expect(sends).toBe(1);
    expect(outcomes.map((o) => (o.ok ? o.value : 'failed')).sort()).toEqual([
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'AlreadyDelivered',
      'Delivered',
    ]);
    expect(await db('customer_tags').where({ customer_id: membership.customer_id })).toHaveLength(1);
  });

  it('does not deliver a gift before its instant', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const [membership] = await db('memberships').where({ basket_item_id: request.itemId });
    await db('memberships').where({ id: membership.id }).update({ delivered_at: null, deliver_at: at });
    let sends = 0;
    const send = () => Effect.sync(() => void sends++);
    expect(await deliverOnce(db, membership.id, new Date(at.getTime() - 1), send)).toEqual({
      ok: true,
      value: 'NotDue',
    });
    expect(sends).toBe(0);
    expect(await deliverOnce(db, membership.id, at, send)).toEqual({ ok: true, value: 'Delivered' });
    expect(sends).toBe(1);
  });
});
