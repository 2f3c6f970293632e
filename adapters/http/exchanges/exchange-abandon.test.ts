import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApi } from '../../../test/api-server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { ExchangeAbandoned } from '../contract/exchanges.ts';
import { cashSale, exchangeWorld, holdSeats, startExchange } from './test-exchange.ts';

// DELETE /api/admin/exchanges/{id}: an open exchange ends abandoned, its basket released like any
// basket ended early (the seats back on sale), the order and its tickets untouched. A completed
// or abandoned exchange, an unknown one, or a clerk without the exchange permission change nothing.

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

const hold = async (b: Browser, eventId: number) => (await holdSeats(db, b, eventId, 1))[0]!;

/** An order of one seat on night one, and an exchange of it holding one seat on night two. */
const openExchange = async () => {
  const oldSeat = await hold(seller, nightOne);
  const orderId = (await cashSale(seller, { FirstName: 'Abe', LastName: 'Andon', Email: 'abe@example.com' }))
    .ID;
  const exchangeId = (await startExchange(clerk, orderId)).ExchangeGlobalID;
  const newSeat = await hold(clerk, nightTwo);
  return { orderId, exchangeId, basketId: clerk.basketId()!, oldSeat, newSeat };
};

const seatRow = (eventId: number, seatId: number) =>
  db('event_seats').where({ event_id: eventId, seat_id: seatId }).first('status', 'basket_id', 'order_id');
const orderState = async (orderId: number) => ({
  tickets: await db('order_tickets').where({ order_id: orderId }).orderBy('id').select('id', 'status'),
  adjustments: await db('order_adjustments').where({ order_id: orderId }).count({ n: '*' }),
  balance: await db('order_balances').where({ order_id: orderId }).first('balance_due'),
});

test('abandoning ends the exchange and releases its basket; the order is as it was', async () => {
  const x = await openExchange();
  const before = await orderState(x.orderId);
  const res = await clerk.call('DELETE', `/api/admin/exchanges/${x.exchangeId}`);
  expect(res.status, res.raw).toBe(200);
  expect(ExchangeAbandoned.parse(res.body)).toEqual({
    ExchangeGlobalID: x.exchangeId,
    OrderId: x.orderId,
    Status: 'abandoned',
    ReleasedSeats: 1,
  });
  expect(await db('exchanges').where({ id: x.exchangeId }).first('status')).toEqual({ status: 'abandoned' });
  expect(await db('baskets').where({ id: x.basketId }).first('status')).toEqual({ status: 'Expired' });
  expect(await seatRow(nightTwo, x.newSeat.seat_id)).toEqual({
    status: 'Open',
    basket_id: null,
    order_id: null,
  });
  expect(await seatRow(nightOne, x.oldSeat.seat_id)).toMatchObject({ status: 'Sold', order_id: x.orderId });
  expect(await orderState(x.orderId)).toEqual(before);
  expect(before.tickets.map((t) => t.status)).toEqual(['Active']);

  // Once abandoned: neither completed nor abandoned again.
  const complete = await clerk.call('POST', `/api/admin/exchanges/${x.exchangeId}/complete`);
  expect(complete.status).toBe(409);
  const again = await clerk.call('DELETE', `/api/admin/exchanges/${x.exchangeId}`);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ Code: 'NotOpen' });
  expect(await orderState(x.orderId)).toEqual(before);
});

test('a completed exchange cannot be abandoned: its seats stay sold', async () => {
  const x = await openExchange();
  expect((await clerk.call('POST', `/api/admin/exchanges/${x.exchangeId}/complete`)).status).toBe(200);
  const res = await clerk.call('DELETE', `/api/admin/exchanges/${x.exchangeId}`);
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ Code: 'NotOpen' });
  expect(await db('exchanges').where({ id: x.exchangeId }).first('status')).toEqual({ status: 'completed' });
  expect(await seatRow(nightTwo, x.newSeat.seat_id)).toMatchObject({ status: 'Sold', order_id: x.orderId });
});

test('unknown exchanges are 404, and a seller without the exchange permission changes nothing', async () => {
  expect((await clerk.call('DELETE', `/api/admin/exchanges/${randomUUID()}`)).status).toBe(404);
  expect((await clerk.call('DELETE', '/api/admin/exchanges/not-an-id')).status).toBe(400);
  const x = await openExchange();
  const plain = await staffOfRole(api.server, db, 'Seller');
  expect((await plain.call('DELETE', `/api/admin/exchanges/${x.exchangeId}`)).status).toBe(403);
  expect(await db('exchanges').where({ id: x.exchangeId }).first('status')).toEqual({ status: 'open' });
  expect(await seatRow(nightTwo, x.newSeat.seat_id)).toMatchObject({ basket_id: x.basketId });
  // Without the CSRF header the browser's DELETE is refused too.
  const forged = await api.server.inject({
    method: 'DELETE',
    url: `/api/admin/exchanges/${x.exchangeId}`,
    headers: { cookie: clerk.cookies.header() },
  });
  expect(forged.statusCode).toBe(403);
  expect(await db('exchanges').where({ id: x.exchangeId }).first('status')).toEqual({ status: 'open' });
});
