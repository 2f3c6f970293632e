import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { browser, checkoutBody, type Browser } from './test-browser.ts';
import { signedIn } from './test-people.ts';

// Seats chosen before their event was cancelled are not sold: the consumer checkout and the
// counter's refuse with 409, naming the event, and change nothing; the basket keeps its items
// for the buyer to remove (core/orders/checkout/place-order.ts readyToPay).

let api: TestApi;
let db: Knex;
let eventId: number;
let otherEventId: number;
let eventName: string;
let admin: Browser;
let clerk: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 3);
  otherEventId = await saleEventId(db, 'HAMLET', 4);
  eventName = (await db('events').where({ id: eventId }).first('name')).name;
  admin = await signedIn(api.server, 'admin@foyer.local');
  clerk = await signedIn(api.server, 'supervisor@foyer.local');
});
afterAll(async () => {
  await api?.close();
});

const holdOn = async (b: Browser, event: number, salesChannel: string, offset: number) => {
  const seats = await plainOpenSeats(db, event, 1, offset);
  const res = await b.call('POST', '/api/baskets/additems', {
    eventId: event,
    salesChannel,
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(res.status, res.raw).toBe(200);
  return seats[0]!;
};

const seat = (event: number, seatId: number) =>
  db('event_seats').where({ event_id: event, seat_id: seatId }).first('basket_id', 'order_id');

test('a basket holding seats of an event cancelled since is refused at both checkouts, and kept', async () => {
  const buyer = await browser(api.server);
  const webSeat = await holdOn(buyer, eventId, 'Web', 0);
  // The counter's basket mixes events: only the cancelled one is named.
  const counterSeat = await holdOn(clerk, eventId, 'BoxOffice', 1);
  await holdOn(clerk, otherEventId, 'BoxOffice', 0);
  const card = await buyer.token('4242 4242 4242 4242');

  const cancelled = await admin.call('POST', `/api/admin/events/${eventId}/cancel`, {
    Refund: false,
    Fee: 0,
  });
  expect(cancelled.status, cancelled.raw).toBe(200);
  expect(await db('events').where({ id: eventId }).first('status')).toEqual({ status: 'Cancelled' });
  const ordersBefore = (await db('orders').count({ n: '*' }).first())!.n;

  const refusedAsExpected = (res: { status: number; body: unknown; raw: string }) => {
    expect(res.status, res.raw).toBe(409);
    expect(res.body).toMatchObject({
      Message: `${eventName} has been cancelled. Please remove its tickets from your basket.`,
      Code: 'EventCancelled',
      CancelledEventIds: [eventId],
    });
  };
  refusedAsExpected(await buyer.checkout(checkoutBody(card)));
  refusedAsExpected(
    await clerk.call('POST', '/api/checkout/precheck', { IdempotencyKey: randomUUID(), PaymentType: 'Cash' }),
  );
  refusedAsExpected(
    await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 10_000_000,
      FirstName: 'Cass',
      LastName: 'Cancelled',
      Email: 'cass@example.com',
    }),
  );
  refusedAsExpected(
    await clerk.call('PUT', '/api/admin/baskets/invoice', {
      IdempotencyKey: randomUUID(),
      FirstName: 'Cass',
      LastName: 'Cancelled',
      Email: 'cass@example.com',
    }),
  );

  // Nothing changed: no order, no payment attempt, both baskets live with their seats.
  expect((await db('orders').count({ n: '*' }).first())!.n).toBe(ordersBefore);
  for (const b of [buyer, clerk]) {
    expect(await db('payments').where({ basket_id: b.basketId()! })).toHaveLength(0);
    expect(await db('baskets').where({ id: b.basketId()! }).first('status')).toEqual({ status: 'Active' });
  }
  expect(await seat(eventId, webSeat.seat_id)).toEqual({ basket_id: buyer.basketId(), order_id: null });
  expect(await seat(eventId, counterSeat.seat_id)).toEqual({ basket_id: clerk.basketId(), order_id: null });
});

test('an event on sale still checks out', async () => {
  const buyer = await browser(api.server);
  await holdOn(buyer, otherEventId, 'Web', 5);
  const res = await buyer.checkout(checkoutBody(await buyer.token('4242 4242 4242 4242')));
  expect(res.status, res.raw).toBe(200);
});
