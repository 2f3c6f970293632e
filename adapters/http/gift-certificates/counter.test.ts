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

describe("a certificate pays a counter order's later balance: POST /api/admin/payments/giftcertificate", () => {
  /** A counter order of 5000 with 2000 paid in cash: 3000 still due. */
  const orderOwing = async () => {
    // A clerk's own session: a basket of its own.
    const seller = await signedIn(world.server, 'boxoffice@foyer.local');
    expect((await addGift(seller, { Amount: 5000, salesChannel: 'BoxOffice' })).status).toBe(200);
    const res = await seller.call('POST', '/api/checkout/pos', {
      IdempotencyKey: randomUUID(),
      PaymentType: 'Cash',
      Amount: 2000,
      AmountTendered: 2000,
      Email: 'balance@example.com',
      FirstName: 'Bal',
      LastName: 'Ance',
    });
    expect(res.status, res.raw).toBe(200);
    const orderId = res.body.Order.ID as number;
    expect((await db('order_balances').where({ order_id: orderId }).first()).balance_due).toBe(3000);
    return orderId;
  };

  test('never more than the balance: 3000 of a 5000 certificate, the order paid; the same key again spends nothing', async () => {
    const { code } = await buyGift(world, 5000, 'balance-pay@example.com');
    const orderId = await orderOwing();
    const body = { OrderId: orderId, IdempotencyKey: randomUUID(), Code: code.toLowerCase() };
    const paid = await clerk.call('POST', '/api/admin/payments/giftcertificate', body);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body).toMatchObject({ Amount: 3000, BalanceDue: 0, Order: { ID: orderId } });
    expect(await balanceOf(code)).toBe(2000);
    const payments = await db('payments').where({ order_id: orderId, payment_type: 'GiftCertificate' });
    expect(payments.map((p) => [p.kind, p.amount, p.status, p.payment_ref])).toEqual([
      ['balance', 3000, 'succeeded', compact(code)],
    ]);
    const entries = await db('gift_certificate_entries').where({ key: body.IdempotencyKey });
    expect(entries.map((e) => [e.kind, e.amount, e.order_id])).toEqual([['redeem', -3000, orderId]]);

    const again = await clerk.call('POST', '/api/admin/payments/giftcertificate', body);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.PaymentID).toBe(paid.body.PaymentID);
    expect(await balanceOf(code)).toBe(2000);
    // Nothing is due any more: another payment is refused and spends nothing.
    const more = await clerk.call('POST', '/api/admin/payments/giftcertificate', {
      ...body,
      IdempotencyKey: randomUUID(),
    });
    expect(more.status).toBe(400);
    expect(await balanceOf(code)).toBe(2000);
  });

  test('an amount above the balance due, or above the certificate, is a 400 and spends nothing', async () => {
    const { code } = await buyGift(world, 1000, 'balance-short@example.com');
    const orderId = await orderOwing();
    const over = await clerk.call('POST', '/api/admin/payments/giftcertificate', {
      OrderId: orderId,
      IdempotencyKey: randomUUID(),
      Code: code,
      Amount: 3500,
    });
    expect(over.status).toBe(400);
    expect(over.body.Code).toBe('RequestInvalid');
    const tooLow = await clerk.call('POST', '/api/admin/payments/giftcertificate', {
      OrderId: orderId,
      IdempotencyKey: randomUUID(),
      Code: code,
      Amount: 2000,
    });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body).toMatchObject({ Code: 'BalanceTooLow', Balance: 1000 });
    expect(await balanceOf(code)).toBe(1000);
    expect((await db('order_balances').where({ order_id: orderId }).first()).balance_due).toBe(3000);

    // Part: all the certificate holds, the rest still due.
    const part = await clerk.call('POST', '/api/admin/payments/giftcertificate', {
      OrderId: orderId,
      IdempotencyKey: randomUUID(),
      Code: code,
    });
    expect(part.status, part.raw).toBe(200);
    expect(part.body).toMatchObject({ Amount: 1000, BalanceDue: 2000 });
    expect(await balanceOf(code)).toBe(0);
  });

  test('only staff who may sell', async () => {
    const { code } = await buyGift(world, 1000, 'balance-guest@example.com');
    const orderId = await orderOwing();
    const guest = await signedIn(world.server, null);
    const res = await guest.call('POST', '/api/admin/payments/giftcertificate', {
      OrderId: orderId,
      IdempotencyKey: randomUUID(),
      Code: code,
    });
    expect(res.status).toBe(401);
    expect(await balanceOf(code)).toBe(1000);
  });
});
