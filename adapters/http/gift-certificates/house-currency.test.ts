import { Effect } from 'effect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HouseCurrencySetting } from '../../../core/accounts/house-currency.ts';
import { Basket } from '../contract/basket.ts';
import { GiftCertificateOptions } from '../contract/gift-certificates.ts';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { addGift, giftWorld, sentMail, type GiftWorld } from './test-gifts.ts';

// With the house currency set to pounds (core/accounts/house-currency.ts), what has no event is
// sold in pounds: the gift certificate choices, a basket of certificates only, its order, the
// payment and the certificate issued.

let world: GiftWorld;

beforeAll(async () => {
  world = await giftWorld();
  await world.runtime.runPromise(
    Effect.gen(function* () {
      yield* (yield* HouseCurrencySetting).change(
        { isoCurrencyCode: 'GBP', currencyLocale: 'en-gb' },
        { staffUserId: null, name: 'test' },
      );
    }),
  );
});

afterAll(async () => {
  await world?.close();
});

describe('the house currency set to GBP', () => {
  test('the gift certificate choices are in GBP', async () => {
    const b = await browser(world.server);
    const res = await b.call('GET', '/api/giftcertificates/options');
    expect(res.status).toBe(200);
    expect(GiftCertificateOptions.parse(res.body)).toMatchObject({
      CurrencyCode: 'GBP',
      CurrencyLocale: 'en-gb',
    });
  });

  test('a basket of gift certificates only, its order, payment and certificate are in GBP', async () => {
    const b = await browser(world.server);
    const added = await addGift(b, {
      Amount: 5000,
      RecipientName: 'Grace',
      RecipientEmail: 'grace.gbp@example.com',
    });
    expect(added.status).toBe(200);
    expect(Basket.parse(added.body)).toMatchObject({
      IsoCurrencyCode: 'GBP',
      CurrencyLocale: 'en-gb',
      Total: 5000,
    });
    const viewed = await b.call('GET', '/api/baskets/viewmodel');
    expect(viewed.status).toBe(200);
    expect(viewed.body.Basket).toMatchObject({ IsoCurrencyCode: 'GBP', CurrencyLocale: 'en-gb' });

    const body = checkoutBody(await b.token('4242424242424242'));
    const paid = await b.checkout(body);
    expect(paid.status).toBe(200);
    const orderId = paid.body.Order.ID as number;
    expect(
      await world.db('orders').where({ id: orderId }).first('currency', 'currency_locale', 'total'),
    ).toEqual({
      currency: 'GBP',
      currency_locale: 'en-gb',
      total: 5000,
    });
    expect(
      await world.db('payments').where({ idempotency_key: body.IdempotencyKey }).first('currency'),
    ).toEqual({
      currency: 'GBP',
    });
    const issued = await world
      .db('gift_certificate_sales as s')
      .join('gift_certificates as g', 'g.id', 's.gift_certificate_id')
      .where('s.order_id', orderId)
      .select('g.currency');
    expect(issued).toEqual([{ currency: 'GBP' }]);
    const mail = (await sentMail(world.outbox)).find((m) =>
      m.headers['to']?.includes('grace.gbp@example.com'),
    );
    expect(mail?.text).toContain('£50.00');
  });
});

describe('what was added before stays in its currency', () => {
  const friend = async () =>
    (await world
      .db('membership_price_levels as l')
      .join('membership_types as t', 't.id', 'l.membership_type_id')
      .where('t.code', 'FRIENDS')
      .orderBy('l.display_order')
      .first('l.id', 't.currency')) as { id: number; currency: string };

  test("a membership priced in dollars is charged in dollars, not the house's pounds", async () => {
    const level = await friend();
    expect(level.currency).toBe('USD');
    const b = await browser(world.server);
    const added = await b.call('POST', '/api/baskets/memberships', {
      etCode: 'FRIENDS',
      priceLevelID: level.id,
    });
    expect(added.status, added.raw).toBe(200);
    expect(Basket.parse(added.body)).toMatchObject({ IsoCurrencyCode: 'USD', CurrencyLocale: 'en-us' });
  });

  test('a gift certificate in pounds and a membership in dollars do not share a basket', async () => {
    const b = await browser(world.server);
    expect((await addGift(b, { Amount: 2500 })).status).toBe(200);
    const refused = await b.call('POST', '/api/baskets/memberships', {
      etCode: 'FRIENDS',
      priceLevelID: (await friend()).id,
    });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.Message).toBe(
      'Your basket holds a gift certificate priced in GBP. A membership priced in USD needs a basket of its own: check out or remove it first.',
    );
    const viewed = await b.call('GET', '/api/baskets/viewmodel');
    expect(viewed.body.Basket).toMatchObject({ IsoCurrencyCode: 'GBP', Total: 2500 });
  });
});
