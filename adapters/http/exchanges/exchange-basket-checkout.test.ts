import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApi } from '../../../test/api-server.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { cashSale, exchangeWorld, holdSeats, startExchange } from './test-exchange.ts';

// An exchange basket (baskets.is_exchange) is settled by completing its exchange, never sold as
// a new order: every checkout route refuses it with 409 and changes nothing
// (core/orders/checkout/place-order.ts readyToPay).

let api: TestApi;
let db: Knex;
let nightOne: number;
let nightTwo: number;
let clerk: Browser;
let seller: Browser;

beforeAll(async () => {
  ({ api, db, nightOne, nightTwo, clerk, seller } = await exchangeWorld());
});
afterAll(async () => {
  await api?.close();
});

const hold = (b: Browser, eventId: number, count: number) => holdSeats(db, b, eventId, count);

const sell = () =>
  cashSale(seller, { FirstName: 'Ezra', LastName: 'Exchange', Email: 'ezra-refused@example.com' });

test('an exchange basket is refused by every checkout route, and the exchange still completes', async () => {
  await hold(seller, nightOne, 1);
  const orderId = (await sell()).ID;
  const exchangeId = (await startExchange(clerk, orderId)).ExchangeGlobalID;
  const newSeats = await hold(clerk, nightTwo, 1);
  const basketId = clerk.basketId()!;
  const ordersBefore = (await db('orders').count({ n: '*' }).first())!.n;
  const card = await clerk.call('POST', '/api/offline/tokens', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  expect(card.status, card.raw).toBe(200);

  const tries: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/checkout/precheck', { IdempotencyKey: randomUUID(), PaymentType: 'Cash' }],
    ['POST', '/api/checkout/pos', { IdempotencyKey: randomUUID(), PaymentType: 'Cash', AmountTendered: 1e7 }],
    ['PUT', '/api/admin/baskets/invoice', { IdempotencyKey: randomUUID() }],
    ['POST', '/api/checkout', checkoutBody(card.body)],
  ];
  for (const [method, url, body] of tries) {
    const res = await clerk.call(method, url, body);
    expect(res.status, `${method} ${url}: ${res.raw}`).toBe(409);
    expect(res.body).toMatchObject({
      Message: expect.stringContaining('exchange'),
      Code: 'ExchangeBasket',
      ExchangeOrderId: orderId,
    });
  }

  // Nothing changed: no order, no attempt, the basket and its hold as they were.
  expect((await db('orders').count({ n: '*' }).first())!.n).toBe(ordersBefore);
  expect(await db('payments').where({ basket_id: basketId })).toHaveLength(0);
  expect(await db('baskets').where({ id: basketId }).first('status', 'is_exchange')).toEqual({
    status: 'Active',
    is_exchange: true,
  });
  expect(
    await db('event_seats')
      .where({ event_id: nightTwo, seat_id: newSeats[0]!.seat_id })
      .first('status', 'basket_id', 'order_id'),
  ).toEqual({ status: 'Open', basket_id: basketId, order_id: null });

  const done = await clerk.call('POST', `/api/admin/exchanges/${exchangeId}/complete`);
  expect(done.status, done.raw).toBe(200);
});

test('an ordinary counter basket still sells', async () => {
  await hold(seller, nightOne, 1);
  expect((await sell()).ID).toBeGreaterThan(0);
});
