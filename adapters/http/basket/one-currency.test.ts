import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { browser, type Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { Basket } from '../contract/basket.ts';

// A staff basket mixes performances, never currencies (core/basket/rules/one-currency.ts): with Hamlet
// (the Grand Theatre, dollars) held, a concert of the Riverside Arena (pounds) is refused with
// 409 and nothing changes; another performance in dollars, seated or GA, is taken. Gift
// certificates (sold in the house currency, dollars) and memberships (in their type's currency,
// dollars for Friends of Foyer) keep their currency on the line, so a buyer's basket of pounds
// refuses them, and a basket holding them refuses pounds.

let api: TestApi;
let db: Knex;
let clerk: Browser;

beforeAll(async () => {
  api = await createTestApi({ env: { BASKET_HOLD_MINUTES: '10' } });
  db = api.db;
  clerk = await signedIn(api.server, 'supervisor@foyer.local');
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const currencyOf = async (eventId: number) =>
  (
    await db('events as e')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .join('venues as v', 'v.id', 't.venue_id')
      .where('e.id', eventId)
      .first('v.iso_currency_code')
  ).iso_currency_code as string;

const holdSeat = async (eventId: number) => {
  const [seat] = await plainOpenSeats(db, eventId, 1);
  return clerk.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'BoxOffice',
    basketItems: [{ Key: seat!.key }],
  });
};

const snapshot = async () => ({
  items: await db('basket_items')
    .where({ basket_id: clerk.basketId() })
    .orderBy('id')
    .select('id', 'event_id'),
  seats: await db('event_seats').where({ basket_id: clerk.basketId() }).orderBy('seat_id').select('seat_id'),
});

describe('one currency per basket', () => {
  test('a staff basket of dollars refuses a performance priced in pounds, and takes another in dollars', async () => {
    const hamlet = await saleEventId(db, 'HAMLET', 1);
    const concert = await saleEventId(db, 'AURORA', 0);
    const comedy = await saleEventId(db, 'COMEDY', 0);
    expect([await currencyOf(hamlet), await currencyOf(concert), await currencyOf(comedy)]).toEqual([
      'USD',
      'GBP',
      'USD',
    ]);
    const first = await holdSeat(hamlet);
    expect(first.status, first.raw).toBe(200);
    const before = await snapshot();

    const refused = await holdSeat(concert);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.Message).toBe(
      'Your basket holds tickets priced in USD. Tickets priced in GBP need a basket of their own: check out or remove those first.',
    );
    expect(await snapshot()).toEqual(before);

    // Another performance in dollars: general admission at the Studio.
    const section = await freshGaSection(db, comedy, 20);
    const ga = await clerk.call('POST', '/api/baskets/generaladmission', {
      eventId: comedy,
      salesChannel: 'BoxOffice',
      sectionKey: section.key,
      ticketRequest: { [`${section.price_level_id}-${await adultPriceTypeId(db)}`]: 2 },
    });
    expect(ga.status, ga.raw).toBe(200);
    const basket = Basket.parse(ga.body);
    expect(basket.IsoCurrencyCode).toBe('USD');
    expect(new Set(basket.TicketItems.map((t) => t.EventID))).toEqual(new Set([hamlet, comedy]));
  });
});

describe('certificates and memberships keep their currency', () => {
  const consumerSeat = async (b: Browser, eventId: number) => {
    const [seat] = await plainOpenSeats(db, eventId, 1);
    return b.call('POST', '/api/baskets/additems', { eventId, basketItems: [{ Key: seat!.key }] });
  };
  const lines = async (b: Browser) =>
    db('basket_items').where({ basket_id: b.basketId() }).orderBy('id').select('id', 'item_type', 'currency');

  test('a basket of pounds refuses a gift certificate and a membership in dollars, and changes nothing', async () => {
    const b = await browser(api.server);
    const held = await consumerSeat(b, await saleEventId(db, 'AURORA', 1));
    expect(held.status, held.raw).toBe(200);
    const before = await lines(b);

    const gift = await b.call('POST', '/api/baskets/giftcertificates', { Amount: 5000 });
    expect(gift.status, gift.raw).toBe(409);
    expect(gift.body.Message).toBe(
      'Your basket holds tickets priced in GBP. A gift certificate priced in USD needs a basket of its own: check out or remove those first.',
    );
    const level = await db('membership_price_levels as l')
      .join('membership_types as t', 't.id', 'l.membership_type_id')
      .where('t.code', 'FRIENDS')
      .first('l.id');
    const membership = await b.call('POST', '/api/baskets/memberships', {
      etCode: 'FRIENDS',
      priceLevelID: level.id,
    });
    expect(membership.status, membership.raw).toBe(409);
    expect(membership.body.Message).toContain('A membership priced in USD needs a basket of its own');
    expect(await lines(b)).toEqual(before);
  });

  test('a basket holding a gift certificate in dollars refuses seats in pounds, and takes seats in dollars', async () => {
    const b = await browser(api.server);
    const gift = await b.call('POST', '/api/baskets/giftcertificates', { Amount: 2500 });
    expect(gift.status, gift.raw).toBe(200);
    expect(await lines(b)).toEqual([
      expect.objectContaining({ item_type: 'GiftCertificate', currency: 'USD' }),
    ]);

    const pounds = await consumerSeat(b, await saleEventId(db, 'AURORA', 1));
    expect(pounds.status, pounds.raw).toBe(409);
    expect(pounds.body.Message).toBe(
      'Your basket holds a gift certificate priced in USD. Tickets priced in GBP need a basket of their own: check out or remove it first.',
    );
    expect(await lines(b)).toHaveLength(1);

    const dollars = await consumerSeat(b, await saleEventId(db, 'HAMLET', 2));
    expect(dollars.status, dollars.raw).toBe(200);
    const basket = Basket.parse(dollars.body);
    expect(basket.IsoCurrencyCode).toBe('USD');
    expect(basket.Total).toBeGreaterThan(2500);
  });
});
