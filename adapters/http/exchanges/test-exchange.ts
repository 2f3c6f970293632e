import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { CounterCheckoutAnswer } from '../contract/counter.ts';
import { ExchangeStarted } from '../contract/exchanges.ts';

// What the exchange tests share: a test server with two nights of one show, a clerk who exchanges
// and a seller who sells the orders (so the clerk's basket is only ever the exchange's), seats
// held for a basket, a cash sale at the counter and an exchange started on an order.

export interface ExchangeWorld {
  readonly api: TestApi;
  readonly db: Knex;
  readonly nightOne: number;
  readonly nightTwo: number;
  readonly clerk: Browser;
  readonly seller: Browser;
}

export const exchangeWorld = async (env: Record<string, string> = {}): Promise<ExchangeWorld> => {
  const api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10', ...env } });
  return {
    api,
    db: api.db,
    nightOne: await saleEventId(api.db, 'HAMLET', 1),
    nightTwo: await saleEventId(api.db, 'HAMLET', 2),
    clerk: await signedIn(api.server, 'supervisor@foyer.local'),
    seller: await signedIn(api.server, 'supervisor@foyer.local'),
  };
};

/** Plain seats free now (sold and held seats are not listed), held in the browser's basket. */
export const holdSeats = async (db: Knex, browser: Browser, eventId: number, count: number) => {
  const seats = await plainOpenSeats(db, eventId, count);
  const res = await browser.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(res.status, res.raw).toBe(200);
  return seats;
};

/** The browser's basket sold at the counter for cash; answers the order. */
export const cashSale = async (browser: Browser, customer: Record<string, unknown> = {}) => {
  const sold = await browser.call('POST', '/api/checkout/pos', {
    IdempotencyKey: randomUUID(),
    PaymentType: 'Cash',
    AmountTendered: 10_000_000,
    ...customer,
  });
  expect(sold.status, sold.raw).toBe(200);
  return CounterCheckoutAnswer.parse(sold.body).Order;
};

/** Starts an exchange of the order's tickets (all, or `body`'s). */
export const startExchange = async (browser: Browser, orderId: number, body: object = {}) => {
  const started = await browser.call('POST', `/api/admin/orders/${orderId}/exchange`, body);
  expect(started.status, started.raw).toBe(200);
  return ExchangeStarted.parse(started.body);
};
