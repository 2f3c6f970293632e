import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { CheckoutAnswer } from '../contract/checkout.ts';
import { checkoutBody, type Browser } from './test-browser.ts';
import { signedIn, staffOfRole } from './test-people.ts';

// POST /api/checkout as the session decides: staff tenders (cash, check, comp) only for a staff
// session whose role allows them; a signed-in customer's order is theirs (GET
// /api/account/orders lists it), a guest's nobody's, whatever the request body says.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 2);
});
afterAll(async () => {
  await api?.close();
});

/** Holds fresh seats in b's basket (on the box-office channel for staff). */
const holdFresh = async (b: Browser, count = 1, salesChannel = 'Web') => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  const held = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel,
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(held.status).toBe(200);
  return { basketId: b.basketId()!, total: held.body.Total as number };
};

const tender = (PaymentType: string) => checkoutBody(null, { PaymentType });

const charges = async () => Number((await db('offline_payments').count({ n: '*' }))[0]!.n);

describe('staff tenders', () => {
  test('cash, check and comp are refused to anonymous and customer callers, naming PaymentType', async () => {
    for (const consumer of [
      await signedIn(api.server, null),
      await signedIn(api.server, 'customer@foyer.local'),
    ]) {
      const { basketId } = await holdFresh(consumer);
      for (const type of ['Cash', 'Check', 'Comp']) {
        const res = await consumer.checkout(tender(type));
        expect(res.status).toBe(400);
        expect(res.body.Fields).toContain('PaymentType');
      }
      expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Active' });
    }
  });

  test('the box office takes cash and gives comps: the order is made, no gateway is called', async () => {
    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    const before = await charges();
    for (const type of ['Cash', 'Comp']) {
      const { total } = await holdFresh(staff, 1, 'BoxOffice');
      const res = await staff.checkout(tender(type));
      expect(res.status).toBe(200);
      const order = CheckoutAnswer.parse(res.body).Order;
      expect(order.Total).toBe(total);
      expect(await db('payments').where({ order_id: order.ID }).first()).toMatchObject({
        gateway: 'None',
        payment_type: type,
        status: 'succeeded',
      });
    }
    expect(await charges()).toBe(before);
  });

  test('a seller takes cash but gives no comps (the comp permission)', async () => {
    const seller = await staffOfRole(api.server, db, 'Seller');
    await holdFresh(seller, 1, 'BoxOffice');
    const comp = await seller.checkout(tender('Comp'));
    expect(comp.status).toBe(400);
    expect(comp.body.Fields).toContain('PaymentType');
    expect((await seller.checkout(tender('Cash'))).status).toBe(200);
  });
});

describe('whose order it is', () => {
  test("a signed-in customer's order is theirs and listed in their account", async () => {
    const customer = await signedIn(api.server, 'customer@foyer.local');
    const { basketId } = await holdFresh(customer);
    const res = await customer.checkout(checkoutBody(await customer.token('4242424242424242')));
    expect(res.status).toBe(200);
    const order = CheckoutAnswer.parse(res.body).Order;
    const me: { id: number } = await db('customers').where({ email: 'customer@foyer.local' }).first('id');
    expect(await db('orders').where({ id: order.ID }).first('customer_id')).toEqual({ customer_id: me.id });
    expect(await db('baskets').where({ id: basketId }).first('customer_id')).toEqual({ customer_id: me.id });
    const listed = await customer.call('GET', '/api/account/orders');
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: { ID: number }) => o.ID)).toContain(order.ID);
  });

  test('seats held before signing in are the customer’s once they sign in and pay', async () => {
    const b = await signedIn(api.server, null);
    await holdFresh(b);
    const login = await b.call('POST', '/api/account/login', {
      Email: 'customer@foyer.local',
      Password: 'foyer-demo',
    });
    expect(login.status).toBe(200);
    const res = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(res.status).toBe(200);
    const listed = await b.call('GET', '/api/account/orders');
    expect(listed.body.map((o: { ID: number }) => o.ID)).toContain(res.body.Order.ID);
  });

  test("a guest's order is nobody's, whatever customer the body names", async () => {
    const guest = await signedIn(api.server, null);
    await holdFresh(guest);
    const me: { id: number } = await db('customers').where({ email: 'customer@foyer.local' }).first('id');
    const res = await guest.checkout(
      checkoutBody(await guest.token('4242424242424242'), {
        Email: 'customer@foyer.local',
        CustomerId: me.id,
        CustomerID: me.id,
        UserID: me.id,
      }),
    );
    expect(res.status).toBe(200);
    expect(await db('orders').where({ id: res.body.Order.ID }).first('customer_id')).toEqual({
      customer_id: null,
    });
  });

  test('a basket a customer linked and then signed out of is paid as a guest’s', async () => {
    const b = await signedIn(api.server, 'customer@foyer.local');
    await holdFresh(b);
    // The first try links the basket, then the card is declined.
    expect((await b.checkout(checkoutBody(await b.token('4000000000000002')))).status).toBe(402);
    expect((await db('baskets').where({ id: b.basketId() }).first('customer_id')).customer_id).not.toBeNull();
    expect((await b.call('POST', '/api/account/logout')).status).toBe(200);
    const res = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(res.status).toBe(200);
    expect(await db('orders').where({ id: res.body.Order.ID }).first('customer_id')).toEqual({
      customer_id: null,
    });
  });

  test('a members-only price is paid only by the member: not once they have signed out', async () => {
    const member = await signedIn(api.server, 'customer@foyer.local');
    const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
    const held = await member.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'Web',
      promoCode: 'MEMBERS',
      basketItems: [{ Key: seat!.key }],
    });
    expect(held.status).toBe(200);
    expect((await member.call('POST', '/api/account/logout')).status).toBe(200);
    const before = await charges();
    const guest = await member.checkout(checkoutBody(await member.token('4242424242424242')));
    expect(guest).toMatchObject({ status: 401, body: { Message: 'Please log in to use this code.' } });
    expect(await charges()).toBe(before);
    await member.call('POST', '/api/account/login', {
      Email: 'customer@foyer.local',
      Password: 'foyer-demo',
    });
    const paid = await member.checkout(checkoutBody(await member.token('4242424242424242')));
    expect(paid.status).toBe(200);
  });

  test('a staff sale keeps the basket’s customer as it is (none here)', async () => {
    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    await holdFresh(staff, 1, 'BoxOffice');
    const res = await staff.checkout(tender('Cash'));
    expect(res.status).toBe(200);
    expect(await db('orders').where({ id: res.body.Order.ID }).first('customer_id')).toEqual({
      customer_id: null,
    });
  });
});
