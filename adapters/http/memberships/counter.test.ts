import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Basket } from '../contract/basket.ts';
import { MembershipCard } from '../contract/memberships.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { giftWorld, sentMail, type GiftWorld } from '../gift-certificates/test-gifts.ts';
import { addMembership, dayFromToday, demoMembership, type DemoMembership } from './test-memberships.ts';

// Memberships at the counter: a clerk sells one from the staff basket (the same basket line as the
// web's, on the box office channel); once the order is paid in full it is issued at once
// (adapters/http/counter/plugin.ts), so the clerk can show the member's card. No job worker runs
// here: nothing else issues it.

let world: GiftWorld;
let db: Knex;
let demo: DemoMembership;
let clerk: Browser;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  demo = await demoMembership(db);
  clerk = await signedIn(world.server, 'boxoffice@foyer.local');
});

afterAll(async () => {
  await world?.close();
});

const walkUp = (email: string) => ({ Email: email, FirstName: 'Wanda', LastName: 'Walkup' });

describe('a membership sold at the counter', () => {
  test('paid in cash: issued to the buyer at once, the tag given, the card shown to the clerk', async () => {
    const added = await addMembership(clerk, { priceLevelID: demo.friend, salesChannel: 'BoxOffice' });
    expect(added.status, added.raw).toBe(200);
    expect(Basket.parse(added.body)).toMatchObject({ SalesChannel: 'BoxOffice', Total: 6000 });
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 10000,
      ...walkUp('counter-member@example.com'),
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.ChangeDue).toBe(4000);
    const orderId = res.body.Order.ID as number;
    const issued = await db('memberships').where({ order_id: orderId });
    expect(issued).toHaveLength(1);
    expect(issued[0].delivered_at).not.toBeNull();
    const customer = await db('customers').where({ email: 'counter-member@example.com' }).first('id');
    expect(issued[0].customer_id).toBe(customer.id);
    expect(
      await db('customer_tags').where({ customer_id: customer.id, customer_tag_type_id: demo.tagTypeId }),
    ).toHaveLength(1);
    const card = await clerk.call('GET', `/api/memberships/${issued[0].id}/customer/${customer.id}`);
    expect(card.status, card.raw).toBe(200);
    expect(MembershipCard.parse(card.body)).toMatchObject({
      MemberName: 'Wanda Walkup',
      PriceLevelName: 'Friend',
      Status: 'Active',
    });
  });

  test('a split tender issues it with the last payment, not before', async () => {
    expect(
      (await addMembership(clerk, { priceLevelID: demo.patron, salesChannel: 'BoxOffice' })).status,
    ).toBe(200);
    const first = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      Amount: 5000,
      AmountTendered: 5000,
      ...walkUp('counter-split@example.com'),
    });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.BalanceDue).toBe(10000);
    const orderId = first.body.Order.ID as number;
    expect(await db('memberships').where({ order_id: orderId })).toHaveLength(0);
    const rest = await clerk.call('POST', '/api/admin/payments', {
      OrderId: orderId,
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      Amount: 10000,
      AmountTendered: 10000,
    });
    expect(rest.status, rest.raw).toBe(200);
    expect(rest.body.BalanceDue).toBe(0);
    const issued = await db('memberships').where({ order_id: orderId });
    expect(issued).toHaveLength(1);
    expect(issued[0].delivered_at).not.toBeNull();
  });

  test('as a gift sent now: issued to the recipient and e-mailed to them, not to the walk-up buyer', async () => {
    const added = await addMembership(clerk, {
      priceLevelID: demo.friend,
      salesChannel: 'BoxOffice',
      isGift: true,
      giftFirstName: 'Greta',
      giftLastName: 'Garbo',
      giftEmail: 'counter-gift@example.com',
      giftMessage: 'Happy birthday',
      isSendGiftNow: true,
    });
    expect(added.status, added.raw).toBe(200);
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 6000,
      ...walkUp('counter-giver@example.com'),
    });
    expect(res.status, res.raw).toBe(200);
    const [issued] = await db('memberships').where({ order_id: res.body.Order.ID });
    const recipient = await db('customers')
      .whereRaw('lower(email) = ?', ['counter-gift@example.com'])
      .first();
    expect(issued).toMatchObject({
      customer_id: recipient.id,
      is_gift: true,
      gift_message: 'Happy birthday',
    });
    expect(issued.delivered_at).not.toBeNull();
    const mails = (await sentMail(world.outbox)).filter((m) =>
      m.headers['to']?.includes('counter-gift@example.com'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Wanda Walkup gave you a membership');
  });

  test('as a gift on a later date: issued undelivered, to be sent on that day', async () => {
    const date = dayFromToday(demo.timeZone, 3);
    const added = await addMembership(clerk, {
      priceLevelID: demo.friend,
      salesChannel: 'BoxOffice',
      isGift: true,
      giftFirstName: 'Later',
      giftLastName: 'Gift',
      giftEmail: 'counter-later@example.com',
      isSendGiftNow: false,
      giftDeliveryLocalDate: date,
    });
    expect(added.status, added.raw).toBe(200);
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 6000,
      ...walkUp('counter-later-giver@example.com'),
    });
    expect(res.status, res.raw).toBe(200);
    const [issued] = await db('memberships').where({ order_id: res.body.Order.ID });
    expect(issued).toMatchObject({ is_gift: true, delivered_at: null });
    expect(
      (await sentMail(world.outbox)).filter((m) => m.headers['to']?.includes('counter-later@example.com')),
    ).toHaveLength(0);
  });
});
