import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Basket } from '../contract/basket.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { newCustomer, signedIn } from '../checkout/test-people.ts';
import { giftWorld, type GiftWorld } from '../gift-certificates/test-gifts.ts';
import { memberPricedSeat } from './test-memberships.ts';

// Member prices beyond the seat map: seats held by best available (single event) come at the
// default type; the basket page then offers the Member type to a signed-in member only
// (GET viewmodel PriceTypes, core/basket/read-basket.ts) and changepricetype accepts it from them
// only (core/basket/pricing/change-price-type.ts).

let world: GiftWorld;
let db: Knex;
let eventId: number;
let memberPriceTypeId: number;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  ({ eventId, memberPriceTypeId } = await memberPricedSeat(db));
});

afterAll(async () => {
  await world?.close();
});

const reserveOne = async (b: Browser) => {
  const res = await b.call('GET', `/api/eventinventory/Web/reservebestavailable/${eventId}?quantity=1`);
  expect(res.status, res.raw).toBe(200);
  const ticket = Basket.parse(res.body.Basket).TicketItems[0]!;
  expect(ticket.PriceTypeID).not.toBe(memberPriceTypeId);
  return ticket;
};

const offeredCodes = async (b: Browser) => {
  const res = await b.call('GET', '/api/baskets/viewmodel');
  expect(res.status, res.raw).toBe(200);
  return (res.body.PriceTypes as { Code: string }[]).map((t) => t.Code);
};

const changeTo = (b: Browser, itemId: number, priceTypeId: number) =>
  b.call('PUT', '/api/baskets/changepricetype', { basketItemIds: [itemId], priceTypeId });

describe('the Member price type after best available', () => {
  test('a signed-in member is offered it and may switch to it, at the lower price', async () => {
    const member = await signedIn(world.server, 'customer@foyer.local');
    const ticket = await reserveOne(member);
    expect(await offeredCodes(member)).toContain('Member');
    const changed = await changeTo(member, ticket.ID, memberPriceTypeId);
    expect(changed.status, changed.raw).toBe(200);
    const line = Basket.parse(changed.body).TicketItems.find((t) => t.ID === ticket.ID)!;
    expect(line.PriceTypeID).toBe(memberPriceTypeId);
    expect(line.Price).toBeLessThan(ticket.Price);
  });

  test('anyone else is neither offered it nor allowed it; the line keeps its type', async () => {
    for (const buyer of [
      await newCustomer(world.server, 'not-a-member@example.com'),
      await signedIn(world.server, null),
    ]) {
      const ticket = await reserveOne(buyer);
      expect(await offeredCodes(buyer)).not.toContain('Member');
      const refused = await changeTo(buyer, ticket.ID, memberPriceTypeId);
      expect(refused.status, refused.raw).toBe(400);
      const row = await db('basket_items').where({ id: ticket.ID }).first('price_type_id');
      expect(row.price_type_id).toBe(ticket.PriceTypeID);
    }
  });
});
