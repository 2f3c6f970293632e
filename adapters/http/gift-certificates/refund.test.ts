import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { oweCredit } from '../../postgres/orders/refunds/test-refunds.ts';
import { browser, checkoutBody, type Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import { RefundAnswer } from '../contract/refunds.ts';
import { addGift, buyGift, giftWorld, sentMail, type GiftWorld } from './test-gifts.ts';

// Refunds onto a gift certificate (PUT /api/admin/payments/refund with alternativePaymentRequest
// GiftCertificate): a new certificate issued, or an existing one credited, recorded as the
// refund's destination; and a GiftCertificate payment refunded its own way goes back onto its
// certificate.

let world: GiftWorld;
let db: Knex;
let supervisor: Browser;

beforeAll(async () => {
  world = await giftWorld();
  db = world.db;
  supervisor = await staffOfRole(world.server, db, 'BoxOfficeSupervisor');
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

/** An order paid by card (a certificate bought, the simplest order), owing `credit` back. */
const cardOrderOwing = async (credit: number, extra: Record<string, unknown> = {}) => {
  const b = await browser(world.server);
  expect((await addGift(b, { Amount: 4000 })).status).toBe(200);
  const paid = await b.checkout(checkoutBody(await b.token('4242424242424242'), extra));
  expect(paid.status, paid.raw).toBe(200);
  const orderId = paid.body.Order.ID as number;
  await oweCredit(db, orderId, credit);
  const payments = await db('payments').where({ order_id: orderId }).orderBy('id');
  return { orderId, payments };
};

const refund = (body: Record<string, unknown>) => supervisor.call('PUT', '/api/admin/payments/refund', body);

describe('refunds onto a gift certificate', () => {
  test('no code: a new certificate for the amount, its code in the answer, on the refund and in the e-mail', async () => {
    const { orderId, payments } = await cardOrderOwing(1500);
    const res = await refund({
      orderId,
      paymentId: payments[0].id,
      amount: 1500,
      alternativePaymentRequest: { PaymentType: 'GiftCertificate' },
    });
    expect(res.status, res.raw).toBe(200);
    const answer = RefundAnswer.parse(res.body);
    expect(answer.BalanceDue).toBe(0);
    const line = answer.Refunds[0]!;
    expect(line).toMatchObject({ RefundType: 'GiftCertificate', Status: 'succeeded', Amount: 1500 });
    expect(line.GiftCertificateCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await balanceOf(line.GiftCertificateCode!)).toBe(1500);
    const row = await db('refunds').where({ id: line.RefundId }).first();
    const certificate = await db('gift_certificates')
      .where({ code: compact(line.GiftCertificateCode!) })
      .first();
    expect(row).toMatchObject({
      refund_type: 'GiftCertificate',
      gateway: null,
      gift_certificate_id: certificate.id,
    });
    // Nothing went back to the card.
    expect((await db('offline_payments').where({ ref: payments[0].payment_ref }).first()).refunded).toBe(0);
    const mail = (await sentMail(world.outbox)).find((m) => m.headers['subject']?.startsWith('Refund of'));
    expect(mail?.text).toContain(line.GiftCertificateCode!);
  });

  test('an existing code is credited with the refund, once', async () => {
    const { code } = await buyGift(world, 2000, 'credit-me@example.com');
    const { orderId, payments } = await cardOrderOwing(500);
    const res = await refund({
      orderId,
      paymentId: payments[0].id,
      amount: 500,
      alternativePaymentRequest: { PaymentType: 'GiftCertificate', Code: code.toLowerCase() },
    });
    expect(res.status, res.raw).toBe(200);
    expect(RefundAnswer.parse(res.body).Refunds[0]).toMatchObject({
      GiftCertificateCode: code,
      Status: 'succeeded',
    });
    expect(await balanceOf(code)).toBe(2500);
    // Nothing more is owed: the same refund again is refused and credits nothing.
    const again = await refund({
      orderId,
      paymentId: payments[0].id,
      amount: 500,
      alternativePaymentRequest: { PaymentType: 'GiftCertificate', Code: code },
    });
    expect(again.status).toBe(400);
    expect(await balanceOf(code)).toBe(2500);
  });

  test('a code nobody has is a 404 and refunds nothing', async () => {
    const { orderId, payments } = await cardOrderOwing(500);
    const res = await refund({
      orderId,
      paymentId: payments[0].id,
      amount: 500,
      alternativePaymentRequest: { PaymentType: 'GiftCertificate', Code: '0000-0000-0000-0000' },
    });
    expect(res.status).toBe(404);
    expect(await db('refunds').where({ order_id: orderId })).toEqual([]);
  });

  test('a GiftCertificate payment refunded its own way goes back onto the certificate it came from', async () => {
    const { code } = await buyGift(world, 3000, 'own-way@example.com');
    const { orderId, payments } = await cardOrderOwing(1000, {
      GiftCertificate: { Code: code, Amount: 3000 },
    });
    expect(await balanceOf(code)).toBe(0);
    const gift = payments.find((p) => p.payment_type === 'GiftCertificate')!;
    const res = await refund({ orderId, paymentId: gift.id, amount: 1000 });
    expect(res.status, res.raw).toBe(200);
    expect(RefundAnswer.parse(res.body).Refunds[0]).toMatchObject({
      RefundType: 'GiftCertificate',
      GiftCertificateCode: code,
    });
    expect(await balanceOf(code)).toBe(1000);
  });
});
