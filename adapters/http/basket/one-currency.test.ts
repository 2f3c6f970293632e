import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { adultPriceTypeId, freshGaSection, plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { Basket } from '../contract/basket.ts';

// A staff basket mixes performances, never currencies (core/basket/one-currency.ts): with Hamlet
// (the Grand Theatre, dollars) held, a concert of the Riverside Arena (pounds) is refused with
// 409 and nothing changes; another performance in dollars, seated or GA, is taken.

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
