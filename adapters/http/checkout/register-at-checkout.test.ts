import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { CheckoutAnswer } from '../contract/checkout.ts';
import { browser, checkoutBody, type Browser } from './test-browser.ts';

// Register at checkout (spec: HasJustRegistered, Password, ConfirmPassword): a buyer who is not
// signed in gets an account before anything is charged, is signed in by the answer, and the
// order is in their account. An e-mail that already has an account makes none and charges nothing.

let api: TestApi;
let db: Knex;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
});
afterAll(async () => {
  await api?.close();
});

const PASSWORD = 'correct horse battery staple';

const withSeats = async (): Promise<Browser> => {
  const b = await browser(api.server);
  const [seat] = await plainOpenSeats(db, eventId, 1, nextSeat++);
  expect((await b.holdSeats(eventId, [seat!.key])).status).toBe(200);
  return b;
};

const registering = async (b: Browser, email: string, extra: Record<string, unknown> = {}) =>
  checkoutBody(await b.token('4242424242424242'), {
    Email: email,
    HasJustRegistered: true,
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    ...extra,
  });

const accountOf = (email: string) => db('customers').whereRaw('lower(email) = ?', [email]).first();
const charges = async () => Number((await db('offline_payments').count({ n: '*' }))[0]!.n);

describe('registering at checkout', () => {
  test('makes the account, signs the browser in and puts the order in the account', async () => {
    const b = await withSeats();
    const res = await b.checkout(await registering(b, 'grace@example.com'));
    expect(res.status).toBe(200);
    const order = CheckoutAnswer.parse(res.body).Order;
    expect(b.cookies.get('foyer_signed_in')).toBe('customer');
    const who = await b.call('GET', '/api/account');
    expect(who.body).toMatchObject({ Kind: 'customer' });
    const account = await accountOf('grace@example.com');
    expect(account).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(account.password_hash).toBeTruthy();
    expect(await db('orders').where({ id: order.ID }).first('customer_id')).toEqual({
      customer_id: account.id,
    });
    const orders = await b.call('GET', '/api/account/orders');
    expect(orders.status).toBe(200);
    expect(orders.body.map((o: { ID: number }) => o.ID)).toEqual([order.ID]);
    // The password chosen at checkout signs in.
    const again = await browser(api.server);
    expect(
      (await again.call('POST', '/api/account/login', { Email: 'grace@example.com', Password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  test('a password the policy refuses answers 400 naming the field; no account, nothing charged', async () => {
    const b = await withSeats();
    const before = await charges();
    const short = await b.checkout(
      await registering(b, 'short@example.com', { Password: 'short', ConfirmPassword: 'short' }),
    );
    expect(short).toMatchObject({ status: 400, body: { Fields: ['Password'] } });
    const mismatch = await b.checkout(
      await registering(b, 'short@example.com', { ConfirmPassword: `${PASSWORD}!` }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Fields).toContain('ConfirmPassword');
    expect(await accountOf('short@example.com')).toBeUndefined();
    expect(await charges()).toBe(before);
    expect(b.cookies.get('foyer_signed_in')).toBeUndefined();
  });

  test('a form the checkout refuses makes no account', async () => {
    const b = await withSeats();
    const res = await b.checkout(await registering(b, 'half@example.com', { BillToPostalCode: null }));
    expect(res.status).toBe(400);
    expect(res.body.Fields).toContain('BillToPostalCode');
    expect(await accountOf('half@example.com')).toBeUndefined();
  });

  test('an e-mail that already has an account: 409 before charging, no sign-in, the basket still live', async () => {
    const b = await withSeats();
    const before = await charges();
    const res = await b.checkout(await registering(b, 'Customer@Foyer.local'));
    expect(res).toMatchObject({
      status: 409,
      body: {
        Message:
          'An account already uses this e-mail address. Please sign in, or check out without creating an account.',
        Fields: ['Email'],
      },
    });
    expect(await charges()).toBe(before);
    expect(b.cookies.get('foyer_signed_in')).toBeUndefined();
    expect((await b.call('GET', '/api/baskets/validate')).status).toBe(200);
    // Checking out without an account goes through as a guest's order.
    const guest = await b.checkout(
      checkoutBody(await b.token('4242424242424242'), { Email: 'customer@foyer.local' }),
    );
    expect(guest.status).toBe(200);
    expect(await db('orders').where({ id: guest.body.Order.ID }).first('customer_id')).toEqual({
      customer_id: null,
    });
  });

  test('a declined card after registering leaves the buyer signed in; the next try is their order', async () => {
    const b = await withSeats();
    const declined = await b.checkout(
      await registering(b, 'lin@example.com', { ...(await b.token('4000000000000002')) }),
    );
    expect(declined.status).toBe(402);
    expect(b.cookies.get('foyer_signed_in')).toBe('customer');
    // The web sends the same form again, HasJustRegistered and all: the session already says who.
    const paid = await b.checkout(await registering(b, 'lin@example.com'));
    expect(paid.status).toBe(200);
    const orders = await b.call('GET', '/api/account/orders');
    expect(orders.body.map((o: { ID: number }) => o.ID)).toEqual([paid.body.Order.ID]);
  });

  test('a retry of the same payment whose answer was lost registers no one twice and answers the order', async () => {
    const b = await withSeats();
    const body = await registering(b, 'retry@example.com');
    const first = await b.checkout(body);
    expect(first.status).toBe(200);
    // Another browser state: the cookies of the first answer never arrived.
    const lost = await browser(api.server);
    lost.cookies.take([`foyer_basket=${b.basketId()}; Path=/`]);
    const again = await lost.checkout(body);
    expect(again.status).toBe(200);
    expect(again.body.Order.ID).toBe(first.body.Order.ID);
    expect(
      await db('customers').whereRaw('lower(email) = ?', ['retry@example.com']).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
  });

  test('a signed-in customer’s HasJustRegistered is ignored: the order is simply theirs', async () => {
    const b = await withSeats();
    expect(
      (await b.call('POST', '/api/account/login', { Email: 'customer@foyer.local', Password: 'foyer-demo' }))
        .status,
    ).toBe(200);
    const res = await b.checkout(await registering(b, 'customer@foyer.local'));
    expect(res.status).toBe(200);
    const me: { id: number } = await db('customers').where({ email: 'customer@foyer.local' }).first('id');
    expect(await db('orders').where({ id: res.body.Order.ID }).first('customer_id')).toEqual({
      customer_id: me.id,
    });
  });
});
