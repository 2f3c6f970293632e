import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { CheckoutAnswer } from '../contract/checkout.ts';
import { WebTickets } from '../contract/web-tickets.ts';

// GET /api/v2/webtickets/{bundleId}/event/{eventId} after a real checkout: the buyer reads their
// barcodes by order number, anyone with the order's link token reads them too, nobody else does.
// And the add-on stock a basket held is sold with the order, never given back.

let api: TestApi;
let db: Knex;
let eventId: number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 6);
});

afterAll(async () => {
  await api?.close();
});

const url = (bundleId: string | number, event = eventId) => `/api/v2/webtickets/${bundleId}/event/${event}`;

/** A buyer who bought two seats (and, given `variant`, that many units of a counted product). */
const boughtOrder = async (
  seatOffset: number,
  variant?: { productId: number; id: number; quantity: number },
) => {
  const b = await browser(api.server);
  const seats = await plainOpenSeats(db, eventId, 2, seatOffset);
  expect(
    (
      await b.holdSeats(
        eventId,
        seats.map((s) => s.key),
      )
    ).status,
  ).toBe(200);
  if (variant)
    expect(
      (
        await b.call('PUT', '/api/v2/baskets/updateProducts', [
          { ProductID: variant.productId, ProductVariantID: variant.id, Quantity: variant.quantity },
        ])
      ).status,
    ).toBe(200);
  const res = await b.checkout(checkoutBody(await b.token('4242 4242 4242 4242')));
  expect(res.status).toBe(200);
  const orderId = CheckoutAnswer.parse(res.body).Order.ID;
  return { b, orderId, basketId: b.basketId()! };
};

describe('web tickets', () => {
  test('the buyer reads the barcodes by order number; nobody else does', async () => {
    const { b, orderId } = await boughtOrder(200);
    const res = await b.call('GET', url(orderId));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = WebTickets.parse(res.body);
    const stored: { barcode: string }[] = await db('order_tickets')
      .where({ order_id: orderId })
      .orderBy('id');
    expect(page.Tickets.map((t) => t.Barcode)).toEqual(stored.map((t) => t.barcode));
    expect(page.Event).toMatchObject({
      ID: eventId,
      Name: expect.any(String),
      VenueName: expect.any(String),
    });
    expect(page.Tickets.every((t) => t.Row !== null && t.Seat !== null)).toBe(true);

    const stranger = await browser(api.server);
    expect((await stranger.call('GET', url(orderId))).status).toBe(401);
    expect((await api.server.inject(url(orderId))).statusCode).toBe(401);
    expect((await b.call('GET', url(999_999))).status).toBe(404);
  });

  test("the order's link token opens the tickets for anyone holding it, and only that order's", async () => {
    const { b, orderId } = await boughtOrder(210);
    const own = WebTickets.parse((await b.call('GET', url(orderId))).body);
    const { web_tickets_token: token } = await db('orders').where({ id: orderId }).first('web_tickets_token');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(own.Path).toBe(`/tickets/bundle/${token}/event/${eventId}`);
    expect(own.Events).toEqual([expect.objectContaining({ ID: eventId, Path: own.Path })]);

    const holder = await api.server.inject(url(token));
    expect(holder.statusCode).toBe(200);
    expect(WebTickets.parse(JSON.parse(holder.payload)).Tickets).toEqual(own.Tickets);
    expect((await api.server.inject(url(String(token).toUpperCase()))).statusCode).toBe(200);

    const other = await boughtOrder(220);
    const otherToken = (await db('orders').where({ id: other.orderId }).first('web_tickets_token'))
      .web_tickets_token;
    expect(otherToken).not.toBe(token);
    const otherPage = WebTickets.parse(JSON.parse((await api.server.inject(url(otherToken))).payload));
    expect(otherPage.Order.ID).toBe(other.orderId);

    expect((await api.server.inject(url('f'.repeat(64)))).statusCode).toBe(404);
    const otherEvent = await saleEventId(db, 'HAMLET', 7);
    expect((await api.server.inject(url(token, otherEvent))).statusCode).toBe(404);
    const malformed = await api.server.inject(url('not-a-ticket'));
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.payload).Message).toMatch(/bundleId/);
  });

  test('the product stock a basket held is sold with the order and never comes back', async () => {
    const [product] = await db('products').insert({ name: 'Programme', event_id: eventId }).returning('id');
    const [variant] = await db('product_variants')
      .insert({ product_id: product.id, name: 'Programme', price: 700, stock: 4 })
      .returning('id');
    const { b, basketId } = await boughtOrder(230, { productId: product.id, id: variant.id, quantity: 3 });
    const stockNow = async () =>
      (await db('product_variants').where({ id: variant.id }).first('stock')).stock;
    expect(await stockNow()).toBe(1);
    const holds = await db('product_stock_holds').where({ basket_id: basketId });
    expect(holds).toMatchObject([{ quantity: 3, sold_at: expect.any(Date) }]);
    expect((await b.call('POST', '/api/baskets/expire')).status).toBe(200);
    expect(await stockNow()).toBe(1);
  });
});
