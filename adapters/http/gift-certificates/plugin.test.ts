import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Basket } from '../contract/basket.ts';
import { GiftCertificateBalance, GiftCertificateOptions } from '../contract/gift-certificates.ts';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { addGift, codeIn, giftWorld, sentMail, type GiftWorld } from './test-gifts.ts';
import { followUpPaidOrder } from '../../../core/orders/order-placed.ts';

// Buying gift certificates over HTTP as the storefront does: the choices, a certificate into the
// basket, the normal checkout, then the certificate issued once and e-mailed with its code.

let world: GiftWorld;
let db: Knex;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
});

afterAll(async () => {
  await world?.close();
});

describe('choosing: GET /api/giftcertificates/options', () => {
  test('answers the amounts offered and the limits of a custom amount', async () => {
    const b = await browser(world.server);
    const res = await b.call('GET', '/api/giftcertificates/options');
    expect(res.status).toBe(200);
    const options = GiftCertificateOptions.parse(res.body);
    expect(options.Amounts.length).toBeGreaterThan(0);
    for (const amount of options.Amounts) {
      expect(amount).toBeGreaterThanOrEqual(options.Minimum);
      expect(amount).toBeLessThanOrEqual(options.Maximum);
    }
    // The currency a certificate bought on its own is charged and issued in.
    expect(options).toMatchObject({ CurrencyCode: 'USD', CurrencyLocale: 'en-us' });
  });
});

describe('into the basket: POST /api/baskets/giftcertificates', () => {
  test('a new basket with the certificate as its one line, in its totals', async () => {
    const b = await browser(world.server);
    const res = await addGift(b, {
      Amount: 5000,
      RecipientName: 'Grace',
      RecipientEmail: 'grace@example.com',
      Message: 'Enjoy!',
    });
    expect(res.status).toBe(200);
    const basket = Basket.parse(res.body);
    expect(b.basketId()).toBe(basket.ID);
    expect(basket.GiftCertificateItems).toEqual([
      expect.objectContaining({
        Amount: 5000,
        RecipientName: 'Grace',
        RecipientEmail: 'grace@example.com',
        Message: 'Enjoy!',
      }),
    ]);
    expect(basket.Total).toBe(5000);
    expect(basket.GiftCertificateTotal).toBe(5000);
    expect(basket.DeliveryTotal).toBe(0);
    // A basket of certificates only may go to payment.
    expect((await b.call('GET', '/api/baskets/validate')).status).toBe(200);
    // A second certificate joins the same basket.
    const again = await addGift(b, { Amount: 2500 });
    expect(again.status).toBe(200);
    expect(Basket.parse(again.body).ID).toBe(basket.ID);
    expect(Basket.parse(again.body).Total).toBe(7500);
  });

  test('an amount out of limits or a bad address is a 400 naming the field, and adds nothing', async () => {
    const b = await browser(world.server);
    const low = await addGift(b, { Amount: 5 });
    expect(low.status).toBe(400);
    expect(low.body.Message).toMatch(/^Amount: /);
    const email = await addGift(b, { Amount: 5000, RecipientEmail: 'not an address' });
    expect(email.status).toBe(400);
    expect(email.body.Message).toMatch(/^RecipientEmail: /);
    expect(b.basketId()).toBeNull();
  });

  test('a consumer may not sell on a staff channel', async () => {
    const b = await browser(world.server);
    const res = await b.call('POST', '/api/baskets/giftcertificates', {
      Amount: 5000,
      salesChannel: 'BoxOffice',
    });
    expect(res.status).toBe(403);
  });

  test('removing the line empties the basket (the basket call removeItems)', async () => {
    const b = await browser(world.server);
    const added = Basket.parse((await addGift(b, { Amount: 5000 })).body);
    const removed = await b.call('PUT', '/api/baskets/removeItems', {
      basketItemIds: [added.GiftCertificateItems[0]!.ID],
    });
    expect(removed.status).toBe(200);
    expect(Basket.parse(removed.body).GiftCertificateItems).toEqual([]);
    expect(Basket.parse(removed.body).Total).toBe(0);
  });
});

describe('paying and receiving', () => {
  test('checkout charges the amount, issues one certificate per line and e-mails each code to its recipient or the buyer', async () => {
    const b = await browser(world.server);
    expect(
      (
        await addGift(b, {
          Amount: 5000,
          RecipientName: 'Grace',
          RecipientEmail: 'grace.paid@example.com',
          Message: 'Happy birthday',
        })
      ).status,
    ).toBe(200);
    const held = await addGift(b, { Amount: 2500 });
    const total = Basket.parse(held.body).Total;
    expect(total).toBe(7500);
    // A certificate is e-mailed: a postal method chosen on the basket costs nothing and asks for
    // no address, and the order records no delivery.
    const post: { id: number; price: number } = await db('delivery_methods')
      .where({ type: 'Mail' })
      .first('id', 'price');
    expect(post.price).toBeGreaterThan(0);
    const chosen = await b.call('PUT', `/api/baskets/changedeliverymethod/${post.id}`);
    expect(chosen.status, chosen.raw).toBe(200);
    expect(Basket.parse(chosen.body)).toMatchObject({ Total: 7500, DeliveryTotal: 0 });
    const body = checkoutBody(await b.token('4242424242424242'));
    const paid = await b.checkout(body);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.Order.Total).toBe(7500);
    const orderId = paid.body.Order.ID as number;
    expect(await db('orders').where({ id: orderId }).first('delivery_method_id', 'delivery_total')).toEqual({
      delivery_method_id: null,
      delivery_total: 0,
    });
    const payment = await db('payments').where({ idempotency_key: body.IdempotencyKey }).first();
    expect(payment).toMatchObject({ status: 'succeeded', amount: 7500, order_id: orderId });

    const sales = await db('gift_certificate_sales as s')
      .join('gift_certificates as g', 'g.id', 's.gift_certificate_id')
      .where('s.order_id', orderId)
      .orderBy('s.basket_item_id')
      .select('g.code', 'g.balance', 's.emailed_at', 's.recipient_email');
    expect(sales.map((s) => [s.balance, s.recipient_email])).toEqual([
      [5000, 'grace.paid@example.com'],
      [2500, null],
    ]);
    for (const s of sales) expect(s.emailed_at).not.toBeNull();

    const mails = await sentMail(world.outbox);
    const toGrace = mails.filter((m) => m.headers['to']?.includes('grace.paid@example.com'));
    expect(toGrace).toHaveLength(1);
    expect(toGrace[0]!.text).toContain('Happy birthday');
    expect(codeIn(toGrace[0]!).replaceAll('-', '')).toBe(sales[0]!.code);
    const toBuyer = mails.filter(
      (m) => m.headers['to']?.includes('ada@example.com') && m.text?.includes('Your code'),
    );
    expect(toBuyer.map((m) => codeIn(m).replaceAll('-', ''))).toContain(sales[1]!.code);

    // Delivering again (a retry, the order e-mail job) issues and sends nothing more.
    const before = (await sentMail(world.outbox)).length;
    await Promise.all([
      world.runtime.runPromise(followUpPaidOrder(orderId)),
      world.runtime.runPromise(followUpPaidOrder(orderId)),
    ]);
    expect(await db('gift_certificate_sales').where({ order_id: orderId }).count({ n: '*' })).toEqual([
      { n: 2 },
    ]);
    expect(
      await db('gift_certificate_entries').where({ order_id: orderId, kind: 'issue' }).count({ n: '*' }),
    ).toEqual([{ n: 2 }]);
    expect((await sentMail(world.outbox)).length).toBe(before);

    // The balance lookup finds it, however the code is typed.
    const typed = codeIn(toGrace[0]!).toLowerCase().replaceAll('-', ' ');
    const balance = await b.call('GET', `/api/giftcertificates/${encodeURIComponent(typed)}`);
    expect(balance.status).toBe(200);
    expect(GiftCertificateBalance.parse(balance.body)).toEqual({
      Code: codeIn(toGrace[0]!),
      Balance: 5000,
      IsoCurrencyCode: 'USD',
    });
  });
});

describe('the balance: GET /api/giftcertificates/{code}', () => {
  test('a code that is not a code is a 400 saying why; a good code nobody has is a 404', async () => {
    const b = await browser(world.server);
    const bad = await b.call('GET', '/api/giftcertificates/ABC');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^Gift certificate code: /);
    const none = await b.call('GET', '/api/giftcertificates/0000-0000-0000-0000');
    expect(none.status).toBe(404);
  });
});
