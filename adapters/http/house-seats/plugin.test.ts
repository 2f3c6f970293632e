import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { HouseSeatRequestView } from '../contract/house-seats.ts';

// House seats against real PostgreSQL: a supervisor keeps seats for a guest, the seats are held
// (no one else can take them), the guest's code puts them in the guest's basket and the guest
// checks out; a cancelled request puts its seats back on sale.

let api: TestApi;
let db: Knex;
let supervisor: Browser;
let eventId: number;
let nextSeat = 0;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  supervisor = await staffOfRole(api.server, db, 'BoxOfficeSupervisor');
  eventId = await saleEventId(db, 'HAMLET', 3);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const freshSeats = async (count: number) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  return seats.map((s) => s.key);
};

const seatHolders = async (keys: readonly string[]) =>
  (
    await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where('es.event_id', eventId)
      .whereIn('s.key', keys)
      .select('es.basket_id', 'es.status')
  ).map((r: { basket_id: string | null; status: string }) => `${r.status}:${r.basket_id ?? '-'}`);

const request = async (keys: readonly string[], extra: Record<string, unknown> = {}) => {
  const res = await supervisor.call('POST', '/api/houseseatsrequest/', {
    EventId: eventId,
    Seats: keys,
    CustomerName: 'Ophelia Guest',
    CustomerEmail: 'ophelia@example.com',
    ...extra,
  });
  expect(res.status, res.raw).toBe(201);
  return HouseSeatRequestView.parse(res.body);
};

describe('house-seat requests', () => {
  test('hold their seats: another buyer cannot take them; the guest redeems and checks out', async () => {
    const keys = await freshSeats(2);
    const made = await request(keys);
    expect(made).toMatchObject({ Status: 'open', Seats: keys, PaymentRequired: true });
    expect(made.Code).toMatch(/^[0-9a-f]{32}$/);
    expect(made.Link).toBe(`/payment/houseseat?paymentCode=${made.Code}`);
    const holders = await seatHolders(keys);
    expect(new Set(holders).size).toBe(1);
    expect(holders[0]).toMatch(/^Open:[0-9a-f-]{36}$/);

    const other = await signedIn(api.server, null);
    const taken = await other.holdSeats(eventId, keys);
    expect(taken.status).toBe(409);

    expect((await supervisor.call('GET', `/api/houseseatsrequest/${made.ID}`)).body).toMatchObject({
      ID: made.ID,
    });
    expect(
      (await supervisor.call('GET', `/api/houseseatsrequest/code?code=${made.Code}`)).body,
    ).toMatchObject({
      ID: made.ID,
    });
    const template = (await db('events').where({ id: eventId }).first('event_template_id')).event_template_id;
    expect(
      (
        await supervisor.call(
          'GET',
          `/api/houseseatsrequest/code?eventTemplateId=${template}&code=${made.Code}`,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await supervisor.call(
          'GET',
          `/api/houseseatsrequest/code?eventTemplateId=${template + 999}&code=${made.Code}`,
        )
      ).status,
    ).toBe(404);

    const guest = await signedIn(api.server, null);
    const redeemed = await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`);
    expect(redeemed.status, redeemed.raw).toBe(200);
    expect(guest.basketId()).toBe(holders[0]!.slice('Open:'.length));
    expect(redeemed.body.TicketItems.map((t: { Key: string }) => t.Key).sort()).toEqual([...keys].sort());
    // PaymentRequired (the default): the guest pays the seats' price.
    expect(redeemed.body.TicketTotal).toBeGreaterThan(0);
    const paid = await guest.checkout(checkoutBody(await guest.token('4242424242424242')));
    expect(paid.status, paid.raw).toBe(200);
    expect((await seatHolders(keys)).every((h) => h.startsWith('Sold'))).toBe(true);
    expect((await supervisor.call('GET', `/api/houseseatsrequest/${made.ID}`)).body.Status).toBe('redeemed');
    // Its seats are sold: the code finds nothing to put in a basket any more.
    expect((await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`)).status).toBe(404);
  });

  test('without payment: the guest gets the seats as comps (0, no fees) and checks out with no card', async () => {
    const keys = await freshSeats(2);
    const made = await request(keys, { PaymentRequired: false });
    expect(made).toMatchObject({ PaymentRequired: false, Seats: keys });
    const comp = await db('price_types')
      .where({ is_comp: true })
      .orderBy('display_order')
      .first('id', 'name');
    const guest = await signedIn(api.server, null);
    const redeemed = await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`);
    expect(redeemed.status, redeemed.raw).toBe(200);
    expect(redeemed.body.TicketItems).toHaveLength(2);
    for (const item of redeemed.body.TicketItems)
      expect(item).toMatchObject({ Price: 0, FeeTotal: 0, ChildFeeItems: [], PriceTypeID: comp.id });
    expect(redeemed.body).toMatchObject({ TicketTotal: 0, OrderLevelFeeTotal: 0 });

    const paid = await guest.checkout(checkoutBody(null));
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.Order.Total).toBe(0);
    const payments = await db('payments').where({ order_id: paid.body.Order.ID });
    expect(
      payments.every((p: { amount: number; gateway: string }) => p.amount === 0 && p.gateway === 'None'),
    ).toBe(true);
    expect((await seatHolders(keys)).every((h) => h.startsWith('Sold'))).toBe(true);
  });

  test('without payment: only free delivery methods are offered, a priced one is refused, and it completes with no card', async () => {
    const keys = await freshSeats(2);
    const made = await request(keys, { PaymentRequired: false });
    const guest = await signedIn(api.server, null);
    expect((await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`)).status).toBe(200);
    const methods = await db('delivery_methods').where({ consumer_visible: true }).select('id', 'price');
    const priced = methods.find((m: { price: number }) => m.price > 0)!;
    const free = methods.filter((m: { price: number }) => m.price === 0).map((m: { id: number }) => m.id);
    expect(priced).toBeDefined();

    const view = await guest.call('GET', '/api/baskets/viewmodel');
    expect(view.status, view.raw).toBe(200);
    const offered = view.body.DeliveryMethods.map((m: { ID: number; Price: number }) => m);
    expect(offered.map((m: { ID: number }) => m.ID).sort()).toEqual([...free].sort());
    expect(offered.every((m: { Price: number }) => m.Price === 0)).toBe(true);

    const refused = await guest.call('PUT', `/api/baskets/changedeliverymethod/${priced.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('This delivery method is not offered.');
    const after = await guest.call('GET', '/api/baskets/viewmodel');
    expect(after.body.Basket).toMatchObject({ DeliveryTotal: 0, Total: 0 });
    expect(after.body.Basket.DeliveryMethodID).not.toBe(priced.id);

    expect((await guest.call('PUT', `/api/baskets/changedeliverymethod/${free[0]}`)).status).toBe(200);
    // Even a priced method left on the basket from before (set here behind the API's back) is
    // not charged for: checkout delivers it by the first free one.
    await db('baskets').where({ id: after.body.Basket.ID }).update({ delivery_method_id: priced.id });
    const paid = await guest.checkout(checkoutBody(null));
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.Order.Total).toBe(0);
    const order = await db('orders').where({ id: paid.body.Order.ID }).first('delivery_method_id', 'total');
    expect(order.total).toBe(0);
    expect(free).toContain(order.delivery_method_id);
  });

  test('a paying guest may still choose a priced delivery method', async () => {
    const keys = await freshSeats(1);
    const made = await request(keys);
    const guest = await signedIn(api.server, null);
    expect((await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`)).status).toBe(200);
    const priced = await db('delivery_methods')
      .where({ consumer_visible: true })
      .where('price', '>', 0)
      .first('id');
    const view = await guest.call('GET', '/api/baskets/viewmodel');
    expect(view.body.DeliveryMethods.map((m: { ID: number }) => m.ID)).toContain(priced.id);
    expect((await guest.call('PUT', `/api/baskets/changedeliverymethod/${priced.id}`)).status).toBe(200);
  });

  test('without paymentCode: 400 Error completing request; an unknown code: 404', async () => {
    const guest = await signedIn(api.server, null);
    expect(await guest.call('POST', '/api/baskets/houseseat')).toMatchObject({
      status: 400,
      body: { Message: 'Error completing request' },
    });
    expect((await guest.call('POST', `/api/baskets/houseseat?paymentCode=${'0'.repeat(32)}`)).status).toBe(
      404,
    );
  });

  test('cancelling puts the seats back on sale; the code is refused after', async () => {
    const keys = await freshSeats(1);
    const made = await request(keys);
    const cancelled = await supervisor.call('POST', `/api/houseseatsrequest/${made.ID}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { Status: 'cancelled' } });
    expect(await seatHolders(keys)).toEqual(['Open:-']);
    expect((await supervisor.call('POST', `/api/houseseatsrequest/${made.ID}/cancel`)).status).toBe(409);
    const guest = await signedIn(api.server, null);
    expect((await guest.call('POST', `/api/baskets/houseseat?paymentCode=${made.Code}`)).status).toBe(409);
    const other = await signedIn(api.server, null);
    expect((await other.holdSeats(eventId, keys)).status).toBe(200);
  });

  test('a quantity takes the best available; bad input is a 400 naming the field and holds nothing', async () => {
    const made = await request([], { Quantity: 2 });
    expect(made.Seats).toHaveLength(2);
    expect(new Set(await seatHolders(made.Seats)).size).toBe(1);
    for (const [body, field] of [
      [{ Seats: [] }, 'Seats'],
      [{ Seats: ['A-1-1'], Quantity: 2 }, 'Quantity'],
      [{ Seats: [], Quantity: 21 }, 'Quantity'],
      [{ Seats: ['A-1-1'], CustomerEmail: 'nobody' }, 'CustomerEmail'],
    ] as const) {
      const res = await supervisor.call('POST', '/api/houseseatsrequest', {
        EventId: eventId,
        CustomerName: 'Ophelia Guest',
        CustomerEmail: 'ophelia@example.com',
        ...body,
      });
      expect(res.status, res.raw).toBe(400);
      expect(res.body.Message).toMatch(new RegExp(`^${field}:`));
    }
  });

  test('only staff who manage holds may make or read requests', async () => {
    const keys = await freshSeats(1);
    const body = { EventId: eventId, Seats: keys, CustomerName: 'X', CustomerEmail: 'x@example.com' };
    expect(
      (await (await signedIn(api.server, null)).call('POST', '/api/houseseatsrequest', body)).status,
    ).toBe(401);
    const seller = await staffOfRole(api.server, db, 'Seller');
    expect((await seller.call('POST', '/api/houseseatsrequest', body)).status).toBe(403);
    expect((await seller.call('GET', '/api/houseseatsrequest/1')).status).toBe(403);
    expect(await seatHolders(keys)).toEqual(['Open:-']);
  });
});
