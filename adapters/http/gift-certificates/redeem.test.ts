import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browser, checkoutBody } from '../checkout/test-browser.ts';
import { addGift, buyGift, giftWorld, type GiftWorld } from './test-gifts.ts';

// Paying with a gift certificate at checkout over HTTP: part of the total from the certificate
// (redeemed with the payment attempt's key, recorded as a GiftCertificate payment), the rest by
// card; never spent twice, whether the same request is sent twice or two buyers race for it.

let world: GiftWorld;
let db: Knex;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
});

afterAll(async () => {
  await world?.close();
});

/** A buyer whose basket holds a certificate of `total` to buy (anything would do: it is simple). */
const buyerOwing = async (total: number) => {
  const b = await browser(world.server);
  expect((await addGift(b, { Amount: total })).status).toBe(200);
  return b;
};

const compact = (code: string) => code.replaceAll('-', '');

const balanceOf = async (code: string) =>
  (
    await db('gift_certificates')
      .where({ code: compact(code) })
      .first()
  ).balance as number;

const redemptions = async (code: string) =>
  db('gift_certificate_entries as e')
    .join('gift_certificates as g', 'g.id', 'e.gift_certificate_id')
    .where({ 'g.code': compact(code), 'e.kind': 'redeem' })
    .select('e.amount', 'e.key', 'e.order_id');

describe('paying part with a gift certificate: POST /api/checkout GiftCertificate', () => {
  test('part from the certificate, the rest by card: two payments, nothing due, the balance tracked', async () => {
    const { code } = await buyGift(world, 5000, 'part@example.com');
    const b = await buyerOwing(3000);
    const body = checkoutBody(await b.token('4242424242424242'), {
      GiftCertificate: { Code: code.toLowerCase(), Amount: 2000 },
    });
    const paid = await b.checkout(body);
    expect(paid.status).toBe(200);
    const orderId = paid.body.Order.ID as number;
    expect(paid.body.Order.Total).toBe(3000);

    const payments = await db('payments').where({ order_id: orderId }).orderBy('id');
    expect(payments.map((p) => [p.kind, p.payment_type, p.amount, p.status])).toEqual([
      ['checkout', 'CreditCard', 1000, 'succeeded'],
      ['balance', 'GiftCertificate', 2000, 'succeeded'],
    ]);
    expect((await db('order_balances').where({ order_id: orderId }).first()).balance_due).toBe(0);
    expect(await balanceOf(code)).toBe(3000);
    expect(await redemptions(code)).toEqual([{ amount: -2000, key: body.IdempotencyKey, order_id: orderId }]);

    // The same request again (a network retry) answers the same order and spends nothing more.
    const again = await b.checkout(body);
    expect(again.status).toBe(200);
    expect(again.body.Order.ID).toBe(orderId);
    expect(await balanceOf(code)).toBe(3000);
  });

  test('the whole total from the certificate needs no card', async () => {
    const { code } = await buyGift(world, 5000, 'whole@example.com');
    const b = await buyerOwing(5000);
    const paid = await b.checkout(checkoutBody(null, { GiftCertificate: { Code: code, Amount: 5000 } }));
    expect(paid.status).toBe(200);
    expect(await balanceOf(code)).toBe(0);
    const payments = await db('payments').where({ order_id: paid.body.Order.ID }).orderBy('id');
    expect(payments.map((p) => [p.payment_type, p.amount, p.gateway])).toEqual([
      ['CreditCard', 0, 'None'],
      ['GiftCertificate', 5000, 'None'],
    ]);
    // An order of only a certificate has no tickets: no PDF is offered, and none is served.
    const confirmation = await b.call('GET', `/api/confirmation/${paid.body.Order.ID}`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.body.Order.TicketsUrl).toBeNull();
    expect((await b.call('GET', `/api/orders/${paid.body.Order.ID}/tickets.pdf`)).status).toBe(404);
  });

  test('a certificate short of the total and no card: 422 saying what is still due, nothing spent or ordered', async () => {
    const { code } = await buyGift(world, 2000, 'nocard@example.com');
    const b = await buyerOwing(3000);
    const body = checkoutBody(null, { GiftCertificate: { Code: code, Amount: 2000 } });
    const res = await b.checkout(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ Code: 'GiftCertificateShort', Due: 1000 });
    expect(await db('payments').where({ idempotency_key: body.IdempotencyKey })).toEqual([]);
    expect(await balanceOf(code)).toBe(2000);
    expect(await redemptions(code)).toEqual([]);
  });

  test('more than the balance is a 400 with the balance, and nothing is charged or spent', async () => {
    const { code } = await buyGift(world, 2500, 'short@example.com');
    const b = await buyerOwing(3000);
    const body = checkoutBody(await b.token('4242424242424242'), {
      GiftCertificate: { Code: code, Amount: 3000 },
    });
    const res = await b.checkout(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Code: 'BalanceTooLow', Balance: 2500 });
    expect(await db('payments').where({ idempotency_key: body.IdempotencyKey })).toEqual([]);
    expect(await balanceOf(code)).toBe(2500);
  });

  test('a double click sends one request twice at once: one order, one redemption', async () => {
    const { code } = await buyGift(world, 5000, 'double@example.com');
    const b = await buyerOwing(4000);
    const body = checkoutBody(await b.token('4242424242424242'), {
      GiftCertificate: { Code: code, Amount: 4000 },
    });
    const [first, twin] = await Promise.all([b.checkout(body), b.checkout(body)]);
    expect([first.status, twin.status]).toEqual([200, 200]);
    expect(twin.body.Order.ID).toBe(first.body.Order.ID);
    expect(await balanceOf(code)).toBe(1000);
    expect(await redemptions(code)).toHaveLength(1);
  });

  test('two buyers spending the same balance at the same moment: one pays with it, the other is refused and refunded', async () => {
    const { code } = await buyGift(world, 3000, 'race@example.com');
    const buyers = await Promise.all([buyerOwing(4000), buyerOwing(4000), buyerOwing(4000)]);
    const bodies = await Promise.all(
      buyers.map(async (b) =>
        checkoutBody(await b.token('4242424242424242'), { GiftCertificate: { Code: code, Amount: 3000 } }),
      ),
    );
    const answers = await Promise.all(buyers.map((b, i) => b.checkout(bodies[i]!)));
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expect([400, 409]).toContain(refused.status);
    expect(await balanceOf(code)).toBe(0);
    const spent = await redemptions(code);
    expect(spent).toEqual([{ amount: -3000, key: expect.any(String), order_id: paid[0]!.body.Order.ID }]);
    // The others' charges made no order and are marked to go back.
    const unsold = await db('payments')
      .whereIn(
        'idempotency_key',
        bodies.map((body) => body.IdempotencyKey as string),
      )
      .whereNull('order_id');
    // Refused at the check (400) saved no attempt; refused in the sale (409), charged and refunded.
    expect(unsold).toHaveLength(answers.filter((a) => a.status === 409).length);
    for (const attempt of unsold)
      if (attempt.status === 'succeeded') expect(['needed', 'refunded']).toContain(attempt.refund_status);
  });
});
