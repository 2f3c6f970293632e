import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Basket } from '../contract/basket.ts';
import { CustomerMemberships, MembershipCard, MembershipOffer } from '../contract/memberships.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { newCustomer } from '../checkout/test-people.ts';
import { giftWorld, sentMail, type GiftWorld } from '../gift-certificates/test-gifts.ts';
import { followUpPaidOrder } from '../../../core/orders/order-placed.ts';
import {
  addMembership,
  demoMembership,
  dayFromToday,
  memberPricedSeat,
  type DemoMembership,
} from './test-memberships.ts';

// Memberships over HTTP as the storefront uses them: the offer, a membership into the basket (for
// oneself or as a gift), the normal checkout issuing it once, the member's card, and member prices.

let world: GiftWorld;
let db: Knex;
let demo: DemoMembership;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  demo = await demoMembership(db);
});

afterAll(async () => {
  await world?.close();
});

const pay = async (b: Browser, extra: Record<string, unknown> = {}) => {
  const paid = await b.checkout(checkoutBody(await b.token('4242424242424242'), extra));
  expect(paid.status, paid.raw).toBe(200);
  return paid.body.Order.ID as number;
};

const itemsCount = async () => Number((await db('basket_items').count('* as n').first())?.n);

describe('the offer: GET /api/memberships/{etCode}', () => {
  test('answers the type and its levels in minor units, any case, plid marking one', async () => {
    const b = await browser(world.server);
    const res = await b.call('GET', `/api/memberships/friends?plid=${demo.patron}`);
    expect(res.status).toBe(200);
    const offer = MembershipOffer.parse(res.body);
    expect(offer).toMatchObject({
      Code: 'FRIENDS',
      Name: 'Friends of Foyer',
      DurationMonths: 12,
      IsOnSale: true,
    });
    expect(offer.PriceMaps.map((p) => [p.DisplayName, p.Price, p.Selected])).toEqual([
      ['Friend', 6000, false],
      ['Patron', 15000, true],
    ]);
  });

  test('404 for an unknown or archived code', async () => {
    const b = await browser(world.server);
    const unknown = await b.call('GET', '/api/memberships/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Membership not found.');
    const [archived] = await db('membership_types')
      .insert({
        code: 'OLDCLUB',
        name: 'Old club',
        duration_months: 12,
        customer_tag_type_id: demo.tagTypeId,
        time_zone: 'UTC',
        archived_at: db.fn.now(),
      })
      .returning('id');
    expect(archived).toBeTruthy();
    expect((await b.call('GET', '/api/memberships/oldclub')).status).toBe(404);
  });
});

describe('into the basket: POST /api/baskets/memberships', () => {
  test('a membership line with its gift fields, counted in the total; removable', async () => {
    const b = await browser(world.server);
    const day = dayFromToday(demo.timeZone, 3);
    const res = await addMembership(b, {
      priceLevelID: demo.friend,
      isGift: true,
      giftFirstName: ' Grace ',
      giftLastName: 'Hopper',
      giftEmail: 'grace@example.com',
      giftMessage: 'Happy birthday',
      giftDeliveryLocalDate: day,
    });
    expect(res.status, res.raw).toBe(200);
    const basket = Basket.parse(res.body);
    expect(basket.MembershipItems).toEqual([
      expect.objectContaining({
        OrderItemType: 'Membership',
        MembershipTypeID: demo.typeId,
        Name: 'Friends of Foyer',
        PriceLevelID: demo.friend,
        PriceLevelName: 'Friend',
        Price: 6000,
        Quantity: 1,
        IsGift: true,
        GiftFirstName: 'Grace',
        GiftLastName: 'Hopper',
        GiftEmail: 'grace@example.com',
        GiftMessage: 'Happy birthday',
        GiftDeliveryLocalDate: day,
        IsSendGiftNow: false,
      }),
    ]);
    expect(basket.Total).toBe(6000);
    expect(basket.MembershipTotal).toBe(6000);
    expect((await b.call('GET', '/api/baskets/validate')).status).toBe(200);
    // Read again (the one-statement basket read) the line is the same.
    const view = await b.call('GET', '/api/baskets/viewmodel');
    expect(view.status, view.raw).toBe(200);
    expect(Basket.parse(view.body.Basket).MembershipItems).toEqual(basket.MembershipItems);
    const removed = await b.call('PUT', '/api/baskets/removeItems', {
      basketItemIds: [basket.MembershipItems[0]!.ID],
    });
    expect(removed.status, removed.raw).toBe(200);
    expect(Basket.parse(removed.body).MembershipItems).toEqual([]);
  });

  test('a gift missing its fields, or dated in the past or beyond a year, is a 400 naming them and changes nothing', async () => {
    const b = await browser(world.server);
    const before = await itemsCount();
    const empty = await addMembership(b, { priceLevelID: demo.friend, isGift: true });
    expect(empty.status).toBe(400);
    expect(empty.body.Errors.map((e: { Field: string }) => e.Field)).toEqual([
      'giftFirstName',
      'giftLastName',
      'giftEmail',
      'giftDeliveryLocalDate',
    ]);
    const gift = {
      priceLevelID: demo.friend,
      isGift: true,
      giftFirstName: 'G',
      giftLastName: 'H',
      giftEmail: 'g@example.com',
    };
    for (const day of [dayFromToday(demo.timeZone, -1), dayFromToday(demo.timeZone, 366), '2026-02-30']) {
      const res = await addMembership(b, { ...gift, giftDeliveryLocalDate: day });
      expect(res.status).toBe(400);
      expect(res.body.Errors).toEqual([expect.objectContaining({ Field: 'giftDeliveryLocalDate' })]);
    }
    const bad = await addMembership(b, { ...gift, giftEmail: 'nope', isSendGiftNow: true });
    expect(bad.status).toBe(400);
    const level = await addMembership(b, { priceLevelID: 999999 });
    expect(level.status).toBe(400);
    const unknown = await addMembership(b, { etCode: 'NOPE', priceLevelID: demo.friend });
    expect(unknown.status).toBe(404);
    expect(b.basketId()).toBeNull();
    expect(await itemsCount()).toBe(before);
  });
});

describe('checkout: each line issued once', () => {
  test('for oneself: issued once even when issuing runs twice, the tag given, the card e-mailed and shown to the member only', async () => {
    const member = await newCustomer(world.server, 'member-one@example.com');
    const customer: { id: number } = await db('customers')
      .where({ email: 'member-one@example.com' })
      .first('id');
    expect((await addMembership(member, { priceLevelID: demo.patron })).status).toBe(200);
    const orderId = await pay(member, {
      Email: 'member-one@example.com',
      FirstName: 'Nora',
      LastName: 'Nonmember',
    });
    await world.runtime.runPromise(followUpPaidOrder(orderId));
    await Promise.all([
      world.runtime.runPromise(followUpPaidOrder(orderId)),
      world.runtime.runPromise(followUpPaidOrder(orderId)),
    ]);
    const issued = await db('memberships').where({ order_id: orderId });
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ customer_id: customer.id, price: 15000, is_gift: false });
    expect(issued[0].delivered_at).not.toBeNull();
    expect(
      await db('customer_tags').where({ customer_id: customer.id, customer_tag_type_id: demo.tagTypeId }),
    ).toHaveLength(1);
    const order = await db('orders').where({ id: orderId }).first();
    expect(order.product_total).toBe(15000);
    const mails = (await sentMail(world.outbox)).filter((m) =>
      m.headers['to']?.includes('member-one@example.com'),
    );
    const cardPath = `/tickets/membership/${issued[0].id}/customer/${customer.id}`;
    expect(mails.filter((m) => m.text?.includes(cardPath))).toHaveLength(1);

    const card = await member.call('GET', `/api/memberships/${issued[0].id}/customer/${customer.id}`);
    expect(card.status).toBe(200);
    expect(MembershipCard.parse(card.body)).toMatchObject({
      MembershipID: issued[0].id,
      CustomerID: customer.id,
      MemberName: 'Nora Nonmember',
      MembershipName: 'Friends of Foyer',
      PriceLevelName: 'Patron',
      Status: 'Active',
      RenewUrl: '/memberships/FRIENDS',
    });
    const mine = CustomerMemberships.parse((await member.call('GET', '/api/customers/memberships')).body);
    expect(mine.Memberships.map((m) => m.MembershipID)).toEqual([issued[0].id]);

    const other = await newCustomer(world.server, 'not-a-member@example.com');
    const otherId: { id: number } = await db('customers')
      .where({ email: 'not-a-member@example.com' })
      .first('id');
    for (const path of [
      `/api/memberships/${issued[0].id}/customer/${customer.id}`,
      `/api/memberships/${issued[0].id}/customer/${otherId.id}`,
    ]) {
      const res = await other.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe('Membership not found.');
    }
    expect(
      (
        await (
          await browser(world.server)
        ).call('GET', `/api/memberships/${issued[0].id}/customer/${customer.id}`)
      ).status,
    ).toBe(404);
    expect((await other.call('GET', '/api/customers/memberships')).body.Memberships).toEqual([]);

    // Member prices: offered to this signed-in member (userId theirs), not to anyone else.
    const { eventId, key, memberPriceTypeId } = await memberPricedSeat(db);
    const types = async (b: Browser, userId?: number) => {
      const res = await b.call(
        'GET',
        `/api/eventinventory/pricing/${eventId}/consumer${userId ? `?userId=${userId}` : ''}`,
      );
      expect(res.status).toBe(200);
      return (res.body.PriceTypes as { Code: string }[]).map((t) => t.Code);
    };
    expect(await types(member, customer.id)).toContain('Member');
    expect(await types(member)).not.toContain('Member');
    expect(await types(other, otherId.id)).not.toContain('Member');
    expect(await types(other, customer.id)).not.toContain('Member');
    expect(await types(await browser(world.server), customer.id)).not.toContain('Member');
    const member15 = (
      await member.call('GET', `/api/eventinventory/pricing/${eventId}/consumer?userId=${customer.id}`)
    ).body.PriceMaps as { PriceTypeID: number; Price: number; PriceLevelID: number }[];
    const adultType: { id: number } = await db('price_types').where({ code: 'Adult' }).first('id');
    const memberMap = member15.find((m) => m.PriceTypeID === memberPriceTypeId)!;
    const adultMap = member15.find(
      (m) => m.PriceTypeID === adultType.id && m.PriceLevelID === memberMap.PriceLevelID,
    )!;
    expect(memberMap.Price).toBeLessThan(adultMap.Price);

    // The basket accepts the Member price from the member and refuses it from anyone else.
    const seat = (b: Browser, k: string) =>
      b.call('POST', '/api/baskets/additems', {
        eventId,
        salesChannel: 'Web',
        basketItems: [{ Key: k, PriceTypeID: memberPriceTypeId }],
      });
    const refused = await seat(other, key);
    expect(refused.status).toBe(400);
    const held = await seat(member, key);
    expect(held.status, held.raw).toBe(200);
    expect(Basket.parse(held.body).TicketItems[0]).toMatchObject({ PriceTypeID: memberPriceTypeId });
  });

  test('a gift sent now: issued to the recipient (found or made by e-mail), tagged and e-mailed at once', async () => {
    const b = await browser(world.server);
    expect(
      (
        await addMembership(b, {
          priceLevelID: demo.friend,
          isGift: true,
          giftFirstName: 'Grace',
          giftLastName: 'Hopper',
          giftEmail: 'grace.now@example.com',
          giftMessage: 'For you',
          isSendGiftNow: true,
        })
      ).status,
    ).toBe(200);
    const orderId = await pay(b);
    const [issued] = await db('memberships').where({ order_id: orderId });
    const recipient = await db('customers').whereRaw('lower(email) = ?', ['grace.now@example.com']).first();
    expect(issued).toMatchObject({ customer_id: recipient.id, is_gift: true, gift_message: 'For you' });
    expect(issued.delivered_at).not.toBeNull();
    expect(
      await db('customer_tags').where({ customer_id: recipient.id, customer_tag_type_id: demo.tagTypeId }),
    ).toHaveLength(1);
    const mails = (await sentMail(world.outbox)).filter((m) =>
      m.headers['to']?.includes('grace.now@example.com'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/tickets/membership/${issued.id}/customer/${recipient.id}`);
    expect(mails[0]!.text).toContain('Ada Lovelace gave you a membership');
  });
});
