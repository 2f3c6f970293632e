import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import {
  Basket,
  BasketViewModel,
  ExpirationTime,
  MapBasketViewModel,
  SeatConflict,
} from '../contract/basket.ts';
import type { EventInventory, Pricing } from '../contract/inventory.ts';

// The basket calls over HTTP, as a browser makes them: the CSRF cookie and header on every
// state change, the foyer_basket cookie the server sets.

let api: TestApi;
let server: Server;
let db: Knex;
let eventId: number;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '5' } });
  server = api.server;
  db = api.db;
  eventId = await saleEventId(db, 'HAMLET', 4);
});

afterAll(async () => {
  await api?.close();
});

/** A browser: keeps the CSRF and basket cookies between calls. */
const browser = async () => {
  const csrf = await csrfHeaders(server);
  let basketCookie: string | undefined;
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await server.inject({
      method,
      url,
      payload: payload as object,
      headers: {
        ...csrf,
        cookie: [csrf.cookie, basketCookie].filter(Boolean).join('; '),
      },
    });
    const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_basket='));
    if (set) basketCookie = set.split(';')[0]!.endsWith('=') ? undefined : set.split(';')[0];
    return {
      status: res.statusCode,
      body: res.payload ? JSON.parse(res.payload) : undefined,
      setCookie: set,
      headers: res.headers,
    };
  };
  return { call, cookie: () => basketCookie };
};

const addSeats = (
  b: Awaited<ReturnType<typeof browser>>,
  keys: string[],
  extra: Record<string, unknown> = {},
) =>
  b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'Web',
    basketItems: keys.map((Key) => ({ Key })),
    ...extra,
  });

describe('holding seats: POST /api/baskets/additems', () => {
  test("holds the seats in a new basket named by an HttpOnly SameSite=Lax cookie, with the storefront's fields", async () => {
    const b = await browser();
    const seats = await plainOpenSeats(db, eventId, 2, 0);
    const res = await addSeats(
      b,
      seats.map((s) => s.key),
    );
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/^foyer_basket=[0-9a-f-]{36}; HttpOnly; SameSite=Lax; Path=\//);
    const basket = Basket.parse(res.body);
    expect(basket.TicketItems.map((t) => t.Key)).toEqual(seats.map((s) => s.key));
    // BASKET_HOLD_MINUTES=5, counted by the database clock.
    expect(basket.SecondsTilExpiration).toBeLessThanOrEqual(300);
    expect(basket.SecondsTilExpiration).toBeGreaterThan(290);
    expect(basket).toMatchObject({
      SalesChannel: 'Web',
      IsExchange: false,
      CanSaveBasket: false,
      SellerID: null,
    });
    expect(basket.Total).toBe(
      basket.TicketAndFeeTotal + basket.ProductTotal + basket.DeliveryTotal + basket.OrderLevelFeeTotal,
    );
  });

  test('prices the tickets exactly as the consumer price maps do', async () => {
    const b = await browser();
    const [seat] = await plainOpenSeats(db, eventId, 1, 5);
    const basket = Basket.parse((await addSeats(b, [seat!.key])).body);
    const pricing = (await server.inject(`/api/eventinventory/pricing/${eventId}/consumer`))
      .result as Pricing;
    const item = basket.TicketItems[0]!;
    const map = pricing.PriceMaps.find((m) => m.PriceKey === `${item.PriceLevelID}-${item.PriceTypeID}`)!;
    expect({ Price: item.Price, FeeTotal: item.FeeTotal, ChildFeeItems: item.ChildFeeItems }).toEqual({
      Price: map.Price,
      FeeTotal: map.FeeTotal,
      ChildFeeItems: map.FeeNameValues,
    });
    expect(basket.OrderLevelFees.map((f) => f.Name)).toEqual(pricing.OrderLevelFees.map((f) => f.Name));
  });

  test('a seat someone else holds answers 409 with the taken seats, and nothing is held', async () => {
    const first = await browser();
    const second = await browser();
    const [a, b] = await plainOpenSeats(db, eventId, 2, 10);
    expect((await addSeats(first, [b!.key])).status).toBe(200);
    const res = await addSeats(second, [a!.key, b!.key]);
    expect(res.status).toBe(409);
    expect(SeatConflict.parse(res.body).TakenSeats).toEqual([b!.key]);
    expect(second.cookie()).toBeUndefined();
    const free = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where({ 'es.event_id': eventId, 's.key': a!.key })
      .first('es.basket_id');
    expect(free.basket_id).toBeNull();
  });

  test('another seat map sees the hold at once (the snapshot cache hears the seat change feed)', async () => {
    const [seat] = await plainOpenSeats(db, eventId, 1, 15);
    const statusOf = async () =>
      (
        JSON.parse((await server.inject(`/api/eventinventory/${eventId}`)).payload) as EventInventory
      ).MapSeats.find((s) => s.Key === seat!.key)?.seatStatus;
    expect(await statusOf()).toBe('Open');
    expect((await addSeats(await browser(), [seat!.key])).status).toBe(200);
    expect(await statusOf()).toBe('Unavailable');
  });

  test('the ticket limit of the series is kept across the whole basket, with its message', async () => {
    const b = await browser();
    const seats = await plainOpenSeats(db, eventId, 13, 20);
    expect(
      (
        await addSeats(
          b,
          seats.slice(0, 6).map((s) => s.key),
        )
      ).status,
    ).toBe(200);
    const res = await addSeats(
      b,
      seats.slice(6).map((s) => s.key),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ OrderTicketLimit: 12 });
    expect(res.body.Message).toMatch(/up to 12 tickets/);
  });

  test('a companion seat alone is refused; a restricted-view seat needs its acknowledgement', async () => {
    const companion = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .where({ 'es.event_id': eventId, 'es.status': 'Open', 's.ada_type': 'Companion' })
      .whereNull('es.basket_id')
      .first('s.key');
    const refused = await addSeats(await browser(), [companion.key]);
    expect(refused).toMatchObject({ status: 400, body: { Message: expect.stringMatching(/companion/i) } });

    const alerted = await db('event_seats as es')
      .join('seats as s', 's.id', 'es.seat_id')
      .join('seat_alerts as a', 'a.id', 's.seat_alert_id')
      .where({ 'es.event_id': eventId, 'es.status': 'Open', 'a.requires_acknowledgement': true })
      .whereNull('es.basket_id')
      .whereNull('s.ada_type')
      .first('s.key', 'a.name');
    const b = await browser();
    const unacknowledged = await addSeats(b, [alerted.key]);
    expect(unacknowledged.status).toBe(400);
    expect(unacknowledged.body.Message).toContain(alerted.name);
    const acknowledged = await b.call('POST', '/api/baskets/additems', {
      eventId,
      basketItems: [{ Key: alerted.key, SeatAlertAcknowledgement: true }],
    });
    expect(acknowledged.status).toBe(200);
    expect(Basket.parse(acknowledged.body).TicketItems[0]).toMatchObject({
      SeatAlertName: alerted.name,
      SeatAlertAcknowledgement: true,
    });
  });

  test('consumers sell on Web only; bad input names the field; no CSRF header is refused', async () => {
    const [seat] = await plainOpenSeats(db, eventId, 1, 35);
    const b = await browser();
    expect((await addSeats(b, [seat!.key], { salesChannel: 'BoxOffice' })).status).toBe(403);
    const bad = await b.call('POST', '/api/baskets/additems', { eventId: 'x', basketItems: [] });
    expect(bad).toMatchObject({ status: 400, body: { Message: expect.stringContaining('eventId') } });
    const noCsrf = await server.inject({
      method: 'POST',
      url: '/api/baskets/additems',
      payload: { eventId, basketItems: [{ Key: seat!.key }] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('general admission: POST /api/baskets/generaladmission', () => {
  test('holds places per price key; more than are left answers 409 naming the section', async () => {
    const gaEvent = await saleEventId(db, 'COMEDY', 4);
    const section = await freshGaSection(db, gaEvent, 4);
    const adult = await adultPriceTypeId(db);
    const child: { id: number } = await db('price_types').where({ code: 'Child' }).first('id');
    const b = await browser();
    const res = await b.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: {
        [`${section.price_level_id}-${adult}`]: 2,
        [`${section.price_level_id}-${child.id}`]: 1,
      },
      promoCode: '',
      groupCode: '',
      holdSubclassId: null,
    });
    expect(res.status).toBe(200);
    expect(Basket.parse(res.body).TicketItems.map((t) => [t.Key, t.GA, t.Quantity, t.PriceTypeName])).toEqual(
      [
        [section.key, true, 2, 'Adult'],
        [section.key, true, 1, 'Child'],
      ],
    );
    // The seat map's GA count drops at once by the places held.
    const map = JSON.parse((await server.inject(`/api/eventinventory/${gaEvent}`)).payload) as EventInventory;
    expect(map.MapGASections.find((g) => g.Key === section.key)?.MaxAvailable).toBe(1);
    const other = await browser();
    const tooMany = await other.call('POST', '/api/baskets/generaladmission', {
      eventId: gaEvent,
      ticketRequest: { [`${section.price_level_id}-${adult}`]: 2 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.TakenSeats).toEqual([section.key]);
  });
});

describe('changing the basket', () => {
  test('price type, promotion (with preview), note, delivery method; every change keeps the totals true', async () => {
    const b = await browser();
    const seats = await plainOpenSeats(db, eventId, 2, 40);
    const held = Basket.parse(
      (
        await addSeats(
          b,
          seats.map((s) => s.key),
        )
      ).body,
    );
    const [first, second] = held.TicketItems;
    const child: { id: number } = await db('price_types').where({ code: 'Child' }).first('id');

    const childBasket = Basket.parse(
      (
        await b.call('PUT', '/api/baskets/changepricetype', {
          basketItemIds: [first!.ID],
          priceTypeId: child.id,
        })
      ).body,
    );
    expect(childBasket.TicketItems[0]).toMatchObject({ PriceTypeName: 'Child' });
    expect(childBasket.TicketItems[1]).toEqual(second);

    const preview = await b.call('PUT', '/api/baskets/changepromotion', {
      items: [{ basketItemId: second!.ID, promoCode: 'save10' }],
      save: false,
    });
    expect(Basket.parse(preview.body).TicketItems[1]).toMatchObject({
      PromoCode: 'SAVE10',
      Price: Math.round(second!.Price * 0.9),
    });
    const stored = Basket.parse((await b.call('GET', '/api/baskets/validate')).body);
    expect(stored.TicketItems[1]!.PromoCode).toBeNull();
    const saved = Basket.parse(
      (
        await b.call('PUT', '/api/baskets/changepromotion', {
          items: [{ basketItemId: second!.ID, promoCode: 'SAVE10' }],
          save: true,
        })
      ).body,
    );
    expect(saved.TicketItems[1]!.PromotionID).not.toBeNull();
    expect(saved.TicketItems[0]).toEqual(childBasket.TicketItems[0]);
    const cleared = Basket.parse(
      (
        await b.call('PUT', '/api/baskets/changepromotion', {
          items: [{ basketItemId: second!.ID, promoCode: '' }],
        })
      ).body,
    );
    expect(cleared.TicketItems[1]).toMatchObject({ PromoCode: null, Price: second!.Price });

    const restricted = await b.call('PUT', '/api/baskets/changepromotion', {
      items: [{ basketItemId: second!.ID, promoCode: 'MEMBERS' }],
    });
    expect(restricted.status).toBe(401);
    const unknown = await b.call('PUT', '/api/baskets/changepromotion', {
      items: [{ basketItemId: second!.ID, promoCode: 'NOPE' }],
    });
    expect(unknown).toMatchObject({ status: 400, body: { Message: 'The code you entered is not valid.' } });

    const noted = Basket.parse(
      (await b.call('PUT', '/api/baskets/updatenote', { basketNote: ' Aisle please ' })).body,
    );
    expect(noted.BasketNote).toBe('Aisle please');

    const mail: { id: number; price: number } = await db('delivery_methods')
      .where({ type: 'Mail' })
      .first('id', 'price');
    const mailed = Basket.parse((await b.call('PUT', `/api/baskets/changedeliverymethod/${mail.id}`)).body);
    expect(mailed).toMatchObject({ DeliveryMethodID: mail.id, DeliveryTotal: mail.price });
    expect(mailed.Total).toBe(
      mailed.TicketAndFeeTotal + mailed.ProductTotal + mailed.DeliveryTotal + mailed.OrderLevelFeeTotal,
    );
    expect((await b.call('PUT', '/api/baskets/changedeliverymethod/99999')).status).toBe(400);

    const promo = await b.call('GET', '/api/promotions/getbasketpromotion');
    expect(promo).toMatchObject({ status: 200, body: null });
  });

  test('removing items (either spelling, or simpleremoveitems) and clearing the basket free the seats', async () => {
    const b = await browser();
    const seats = await plainOpenSeats(db, eventId, 3, 50);
    const held = Basket.parse(
      (
        await addSeats(
          b,
          seats.map((s) => s.key),
        )
      ).body,
    );
    const [x, y] = held.TicketItems;
    expect(
      Basket.parse((await b.call('PUT', '/api/baskets/removeItems', { basketItemIds: [x!.ID] })).body)
        .TicketItems,
    ).toHaveLength(2);
    expect(
      Basket.parse((await b.call('PUT', '/api/baskets/removeitems', { basketItemIds: [y!.ID] })).body)
        .TicketItems,
    ).toHaveLength(1);
    expect((await b.call('PUT', '/api/baskets/simpleremoveitems', { basketItemIds: [x!.ID] })).status).toBe(
      400,
    );
    expect(Basket.parse((await b.call('DELETE', '/api/baskets/deleteitems')).body).TicketItems).toEqual([]);
    // The seats are free for someone else now.
    expect(
      (
        await addSeats(
          await browser(),
          seats.map((s) => s.key),
        )
      ).status,
    ).toBe(200);
    expect((await b.call('DELETE', '/api/baskets/deleteitemsheavyonsale')).status).toBe(200);
    const empty = await b.call('GET', '/api/baskets/validate');
    expect(empty).toMatchObject({ status: 400, body: { Message: 'Your basket is empty.' } });
  });

  test('products: quantities set, never below 0, only products offered with the basket', async () => {
    const product = await db('products').insert({ name: 'Programme', event_id: eventId }).returning('id');
    const variant = await db('product_variants')
      .insert({ product_id: product[0].id, name: 'Programme', price: 800 })
      .returning('id');
    const b = await browser();
    const [seat] = await plainOpenSeats(db, eventId, 1, 60);
    await addSeats(b, [seat!.key]);
    const line = { ProductID: product[0].id, ProductVariantID: variant[0].id };
    const two = Basket.parse(
      (await b.call('PUT', '/api/baskets/updateproducts', [{ ...line, Quantity: 2 }])).body,
    );
    expect(two.ProductItems).toMatchObject([{ Name: 'Programme', Quantity: 2, Price: 800, LineTotal: 1600 }]);
    expect(two.ProductTotal).toBe(1600);
    const none = Basket.parse(
      (await b.call('PUT', '/api/v2/baskets/updateProducts', { items: [{ ...line, Quantity: -3 }] })).body,
    );
    expect(none.ProductItems).toEqual([]);
    expect(
      (
        await b.call('PUT', '/api/baskets/updateproducts', [
          { ProductID: 9999, ProductVariantID: 9999, Quantity: 1 },
        ])
      ).status,
    ).toBe(400);
    const model = BasketViewModel.parse(
      (await b.call('GET', `/api/baskets/viewmodel?eventID=${eventId}`)).body,
    );
    // The demo's Hamlet add-ons are offered too, beside this performance's own.
    expect(model.Products).toContainEqual(
      expect.objectContaining({ ProductID: product[0].id, Price: 800, EventID: eventId }),
    );
    expect(model.Products.map((p) => p.Name)).toContain('Souvenir programme');
    expect(model.DeliveryMethods.length).toBeGreaterThan(0);
    expect(model.Events).toMatchObject([{ ID: eventId, EventTemplateCode: 'HAMLET' }]);
  });

  test('continue without tickets makes a products-only basket for an event with products', async () => {
    // The demo's comedy nights sell no add-ons; Hamlet's performances do.
    const comedy = await saleEventId(db, 'COMEDY', 4);
    expect(
      (await (await browser()).call('PUT', `/api/baskets/continuewithouttickets/${comedy}`)).status,
    ).toBe(400);
    const withProducts = await saleEventId(db, 'HAMLET', 5);
    const b = await browser();
    const res = await b.call('PUT', `/api/baskets/continuewithouttickets/${withProducts}`);
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/^foyer_basket=/);
    expect(Basket.parse(res.body)).toMatchObject({
      ContinueWithoutTicketsEventID: withProducts,
      TicketItems: [],
    });
  });
});

describe('reading and ending the basket', () => {
  test('expiration time, map view model, marketing opt-ins; expire frees everything and is idempotent', async () => {
    const b = await browser();
    const [seat] = await plainOpenSeats(db, eventId, 1, 70);
    await addSeats(b, [seat!.key]);
    const time = ExpirationTime.parse((await b.call('GET', '/api/baskets/expirationtime')).body);
    expect(time.SecondsTilExpiration).toBeGreaterThan(0);
    const map = MapBasketViewModel.parse(
      (await b.call('GET', `/api/baskets/mapBasketViewModel?r=${Math.random()}`)).body,
    );
    expect(map.ticketItems.map((t) => t.Key)).toEqual([seat!.key]);
    expect(map.eventTemplateCodes).toEqual(['HAMLET']);
    const optIns = await b.call('GET', '/api/baskets/marketingOptIns?eventTemplateIds=1&eventTemplateIds=2');
    expect(optIns.body).toMatchObject([{ customerTagText: expect.any(String), checked: false }]);

    const expired = await b.call('POST', '/api/baskets/expire');
    expect(expired).toMatchObject({ status: 200, body: { Expired: true, ReleasedSeats: 1 } });
    expect(expired.setCookie).toMatch(/^foyer_basket=;/);
    const again = await b.call('POST', '/api/baskets/expire');
    expect(again).toMatchObject({ status: 200, body: { ReleasedSeats: 0 } });
    expect((await addSeats(await browser(), [seat!.key])).status).toBe(200);
  });

  test('every basket call on a missing basket answers 404 with a Message', async () => {
    const b = await browser();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/baskets/expirationtime'],
      ['GET', '/api/baskets/viewmodel'],
      ['GET', '/api/baskets/mapBasketViewModel'],
      ['GET', '/api/baskets/validate'],
      ['GET', '/api/baskets/marketingOptIns'],
      ['GET', '/api/promotions/getbasketpromotion'],
      ['PUT', '/api/baskets/removeItems', { basketItemIds: [1] }],
      ['PUT', '/api/baskets/simpleremoveitems', { basketItemIds: [1] }],
      ['DELETE', '/api/baskets/deleteitems'],
      ['DELETE', '/api/baskets/deleteitemsheavyonsale'],
      ['PUT', '/api/baskets/changepricetype', { basketItemIds: [1], priceTypeId: 1 }],
      ['PUT', '/api/baskets/changepromotion', { items: [{ basketItemId: 1, promoCode: 'SAVE10' }] }],
      ['PUT', '/api/baskets/updatenote', { basketNote: 'x' }],
      ['PUT', '/api/baskets/changedeliverymethod/1'],
      ['PUT', '/api/baskets/updateproducts', [{ ProductID: 1, ProductVariantID: 1, Quantity: 1 }]],
      ['PUT', '/api/v2/baskets/updateProducts', [{ ProductID: 1, ProductVariantID: 1, Quantity: 1 }]],
    ];
    for (const [method, url, payload] of calls) {
      const res = await b.call(method, url, payload);
      expect([url, res.status, res.body]).toEqual([
        url,
        404,
        { Message: 'Your basket has expired or could not be found.' },
      ]);
    }
  });

  test('a basket whose time ran out answers 404 although no worker tidied it', async () => {
    const b = await browser();
    const [seat] = await plainOpenSeats(db, eventId, 1, 80);
    const held = Basket.parse((await addSeats(b, [seat!.key])).body);
    await db('baskets')
      .where({ id: held.ID })
      .update({ expires_at: db.raw(`now() - interval '1 second'`) });
    expect((await b.call('GET', '/api/baskets/expirationtime')).status).toBe(404);
  });

  test('the OpenAPI document lists the basket calls', async () => {
    const doc = (await server.inject('/api/openapi.json')).result as { paths: Record<string, object> };
    for (const path of [
      '/api/baskets/additems',
      '/api/baskets/generaladmission',
      '/api/baskets/removeItems',
      '/api/baskets/changepricetype',
      '/api/baskets/viewmodel',
      '/api/baskets/mapBasketViewModel',
      '/api/v2/baskets/updateProducts',
      '/api/promotions/getbasketpromotion',
      '/api/events/{id}/seatchanges',
    ])
      expect(doc.paths).toHaveProperty([path]);
  });
});
