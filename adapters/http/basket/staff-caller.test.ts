import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { newCustomer, signedIn, staffOfRole } from '../checkout/test-people.ts';
import { Basket, BasketViewModel } from '../contract/basket.ts';

// The session, not a flag in the request, decides consumer or staff: the staff
// rules of core/basket (box-office channels, staff price types and delivery methods, baskets of
// several events) are for a staff session whose role may sell, and never for anyone else.

let api: TestApi;
let db: Knex;
let compId: number;

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  compId = (await db('price_types').where({ code: 'Comp' }).first('id')).id;
});
afterAll(async () => {
  await api?.close();
});

const hold = (b: Browser, eventId: number, keys: string[], extra: Record<string, unknown> = {}) =>
  b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'Web',
    basketItems: keys.map((Key) => ({ Key })),
    ...extra,
  });

const keys = async (eventId: number, count: number, offset: number) =>
  (await plainOpenSeats(db, eventId, count, offset)).map((s) => s.key);

describe('box-office channels and staff price types', () => {
  test('anonymous and customer callers may not sell on BoxOffice nor buy a comp; the box office may', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const [a, b, c, d] = await keys(eventId, 4, 0);
    for (const consumer of [
      await signedIn(api.server, null),
      await signedIn(api.server, 'customer@foyer.local'),
    ]) {
      expect(await hold(consumer, eventId, [a!], { salesChannel: 'BoxOffice' })).toMatchObject({
        status: 403,
        body: { Message: 'Only box-office staff may sell on the Box office channel.' },
      });
      const comp = await hold(consumer, eventId, [], { basketItems: [{ Key: b, PriceTypeID: compId }] });
      expect(comp.status).toBe(400);
    }
    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    const held = await staff.call('POST', '/api/baskets/additems', {
      eventId,
      salesChannel: 'BoxOffice',
      basketItems: [{ Key: c, PriceTypeID: compId }, { Key: d }],
    });
    expect(held.status).toBe(200);
    expect(Basket.parse(held.body).TicketItems.map((t) => t.PriceTypeName)).toEqual(['Comp', 'Adult']);
    // Nothing a consumer tried is held.
    const rows = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where('es.event_id', eventId)
      .whereIn('s.key', [a!, b!])
      .select('es.basket_id');
    expect(rows.every((r) => r.basket_id === null)).toBe(true);
  });

  test('a staff role that may not sell (the point-of-sale device) is a consumer here', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    const [a] = await keys(eventId, 1, 10);
    const device = await staffOfRole(api.server, db, 'PointOfSale');
    expect((await hold(device, eventId, [a!], { salesChannel: 'BoxOffice' })).status).toBe(403);
    const seller = await staffOfRole(api.server, db, 'Seller');
    expect((await hold(seller, eventId, [a!], { salesChannel: 'BoxOffice' })).status).toBe(200);
  });
});

describe('the basket page and its changes', () => {
  test('staff-only price types and delivery methods are shown and accepted for staff only', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const collection: { id: number } = await db('delivery_methods')
      .where({ type: 'PointOfSale' })
      .first('id');
    // Collection at the box office as a staff-only method here.
    await db('delivery_methods').where({ id: collection.id }).update({ consumer_visible: false });
    const [a, b] = await keys(eventId, 2, 0);

    const consumer = await signedIn(api.server, 'customer@foyer.local');
    const mine = Basket.parse((await hold(consumer, eventId, [a!])).body);
    const page = BasketViewModel.parse((await consumer.call('GET', '/api/baskets/viewmodel')).body);
    expect(page.PriceTypes.map((t) => t.Code)).not.toContain('Comp');
    expect(page.DeliveryMethods.map((m) => m.ID)).not.toContain(collection.id);
    expect((await consumer.call('PUT', `/api/baskets/changedeliverymethod/${collection.id}`)).status).toBe(
      400,
    );
    expect(
      (
        await consumer.call('PUT', '/api/baskets/changepricetype', {
          basketItemIds: [mine.TicketItems[0]!.ID],
          priceTypeId: compId,
        })
      ).status,
    ).toBe(400);

    const staff = await signedIn(api.server, 'boxoffice@foyer.local');
    const theirs = Basket.parse((await hold(staff, eventId, [b!], { salesChannel: 'BoxOffice' })).body);
    const staffPage = BasketViewModel.parse((await staff.call('GET', '/api/baskets/viewmodel')).body);
    expect(staffPage.PriceTypes.map((t) => t.Code)).toContain('Comp');
    expect(staffPage.DeliveryMethods.map((m) => m.ID)).toContain(collection.id);
    expect(
      (await staff.call('PUT', `/api/baskets/changedeliverymethod/${collection.id}`)).body,
    ).toMatchObject({
      DeliveryMethodID: collection.id,
    });
    const comped = await staff.call('PUT', '/api/baskets/changepricetype', {
      basketItemIds: [theirs.TicketItems[0]!.ID],
      priceTypeId: compId,
    });
    expect(Basket.parse(comped.body).TicketItems[0]).toMatchObject({ PriceTypeName: 'Comp' });
    await db('delivery_methods').where({ id: collection.id }).update({ consumer_visible: true });
  });

  test('staff may hold several events in one basket; a consumer one at a time', async () => {
    const first = await saleEventId(db, 'HAMLET', 3);
    const second = await saleEventId(db, 'WINTER', 0);
    const consumer = await signedIn(api.server, null);
    expect((await hold(consumer, first, await keys(first, 1, 0))).status).toBe(200);
    expect(await hold(consumer, second, await keys(second, 1, 0))).toMatchObject({ status: 400 });

    const staff = await signedIn(api.server, 'admin@foyer.local');
    expect((await hold(staff, first, await keys(first, 1, 5), { salesChannel: 'Phone' })).status).toBe(200);
    const both = await hold(staff, second, await keys(second, 1, 5), { salesChannel: 'Phone' });
    expect(both.status).toBe(200);
    expect(new Set(Basket.parse(both.body).TicketItems.map((t) => t.EventID))).toEqual(
      new Set([first, second]),
    );
  });
});

describe('a members-only promotion in the basket', () => {
  test('anonymous 401, a customer without the Membership tag 403, the member holds at 20 % off', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 4);
    const [a, b, c, d] = await keys(eventId, 4, 0);
    const full = Basket.parse((await hold(await signedIn(api.server, null), eventId, [d!])).body)
      .TicketItems[0]!;

    const anonymous = await signedIn(api.server, null);
    expect(await hold(anonymous, eventId, [a!], { promoCode: 'MEMBERS' })).toMatchObject({
      status: 401,
      body: { Message: 'Please log in to use this code.' },
    });
    const other = await newCustomer(api.server, 'nora.basket@example.com');
    expect(await hold(other, eventId, [b!], { promoCode: 'MEMBERS' })).toMatchObject({
      status: 403,
      body: { Message: 'This code is not available for your account.' },
    });
    const member = await signedIn(api.server, 'customer@foyer.local');
    const held = await hold(member, eventId, [c!], { promoCode: 'members' });
    expect(held.status).toBe(200);
    expect(Basket.parse(held.body).TicketItems[0]).toMatchObject({
      PromoCode: 'MEMBERS',
      Price: Math.round(full.Price * 0.8),
    });
    // The same code on an item of a non-member's basket, through changepromotion.
    const theirs = Basket.parse((await hold(other, eventId, [a!])).body);
    const changed = await other.call('PUT', '/api/baskets/changepromotion', {
      items: [{ basketItemId: theirs.TicketItems[0]!.ID, promoCode: 'MEMBERS' }],
      save: true,
    });
    expect(changed.status).toBe(403);
  });
});
