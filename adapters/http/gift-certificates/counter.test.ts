import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { Basket } from '../contract/basket.ts';
import { addGift, buyGift, giftWorld, sentMail, type GiftWorld } from './test-gifts.ts';

// Gift certificates at the counter: a clerk sells one from the staff basket (the same basket line
// as the web's, on the box office channel) and takes one as part of a payment (code and amount),
// the rest in cash.

let world: GiftWorld;
let db: Knex;
let clerk: Browser;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  clerk = await signedIn(world.server, 'boxoffice@foyer.local');
});

afterAll(async () => {
  await world?.close();
});

const compact = (code: string) => code.replaceAll('-', '');
const balanceOf = async (code: string) =>
  (
    await db('gift_certificates')
      .where({ code: compact(code) })
      .first()
  ).balance as number;

describe('at the counter', () => {
  test('a clerk sells a certificate for cash: issued and e-mailed to its recipient', async () => {
    const added = await addGift(clerk, {
      Amount: 7500,
      RecipientName: 'Walk-up friend',
      RecipientEmail: 'counter-gift@example.com',
      salesChannel: 'BoxOffice',
    });
    expect(added.status, added.raw).toBe(200);
    expect(Basket.parse(added.body)).toMatchObject({ SalesChannel: 'BoxOffice', Total: 7500 });
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 8000,
      Email: 'walkup@example.com',
      FirstName: 'Wally',
      LastName: 'Walkup',
    });
    expect(res.status, res.raw).toBe(200);
    const orderId = res.body.Order.ID as number;
    const sale = await db('gift_certificate_sales').where({ order_id: orderId }).first();
    expect(sale.emailed_at).not.toBeNull();
    const mail = (await sentMail(world.outbox)).find((m) =>
      m.headers['to']?.includes('counter-gift@example.com'),
    );
    expect(mail?.text).toContain('Your code:');
  });

  test('a certificate pays part (code and amount), cash the rest: both payments on the order, the balance tracked', async () => {
    const { code } = await buyGift(world, 3000, 'counter-pay@example.com');
    expect((await addGift(clerk, { Amount: 5000, salesChannel: 'BoxOffice' })).status).toBe(200);
    const key = randomUUID();
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: key,
      PaymentType: 'Cash',
      AmountTendered: 2000,
      GiftCertificate: { Code: code, Amount: 3000 },
      Email: 'walkup@example.com',
      FirstName: 'Wally',
      LastName: 'Walkup',
    });
    expect(res.status, res.raw).toBe(200);
    const orderId = res.body.Order.ID as number;
    const payments = await db('payments').where({ order_id: orderId }).orderBy('id');
    expect(payments.map((p) => [p.payment_type, p.amount])).toEqual([
      ['Cash', 2000],
      ['GiftCertificate', 3000],
    ]);
    expect((await db('order_balances').where({ order_id: orderId }).first()).balance_due).toBe(0);
    expect(await balanceOf(code)).toBe(0);
    const entries = await db('gift_certificate_entries').where({ key });
    expect(entries.map((e) => [e.kind, e.amount, e.order_id])).toEqual([['redeem', -3000, orderId]]);
  });

  test('a certificate with too little on it is refused before anything is taken', async () => {
    const { code } = await buyGift(world, 1000, 'counter-short@example.com');
    const held = await addGift(clerk, { Amount: 5000, salesChannel: 'BoxOffice' });
    const basketId = Basket.parse(held.body).ID;
    const res = await clerk.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      AmountTendered: 2000,
      GiftCertificate: { Code: code, Amount: 3000 },
      Email: 'walkup@example.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.Code).toBe('BalanceTooLow');
    expect(await balanceOf(code)).toBe(1000);
    expect((await db('baskets').where({ id: basketId }).first()).status).toBe('Active');
  });
});
