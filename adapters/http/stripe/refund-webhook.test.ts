import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { saleEventId } from '../../../test/basket.ts';
import { holdSeats, shopper } from '../../../test/stand-ins/paypal/shopper.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';
import { makeOrderRefundsPostgres } from '../../postgres/orders/refunds/refunds.ts';
import { oweCredit } from '../../postgres/orders/refunds/test-refunds.ts';
import { staffOfRole } from '../checkout/test-people.ts';

// Stripe's word on refunds: a refund whose answer we never heard (the process died after Stripe
// made it) is marked succeeded when Stripe's charge.refunded or refund.updated event arrives,
// found by the key in its metadata or by its refund id. Through the stand-in and the real SDK;
// the events are signed as Stripe signs them.

const SECRET = 'whsec_foyer_refund_secret';
let standIn: StripeStandIn;
let api: TestApi;
let sdk: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({ env: { ...standIn.env, STRIPE_WEBHOOK_SECRET: SECRET } });
  sdk = new Stripe('sk_test_foyer', standIn.sdkOptions);
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

let seatOffset = 0;

/** A web order paid by card through Stripe (the stand-in). */
const stripeOrder = async () => {
  const eventId = await saleEventId(api.db, 'HAMLET', 4);
  const b = await shopper(api.server);
  await holdSeats(api.db, b, eventId, 1, seatOffset++);
  const res = await b.call('POST', '/api/checkout', {
    IdempotencyKey: randomUUID(),
    PaymentType: 'CreditCard',
    Token: 'pm_card_visa',
    CardBrand: 'Visa',
    CCLast4: '4242',
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.com',
    AcceptTermsOfService: true,
    BillToAddress1: '1 Analytical Row',
    BillToCity: 'Springfield',
    BillToPostalCode: '62701',
    BillToCountryCode: 'US',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const orderId = res.body.Order.ID as number;
  const payment = await api.db('payments').where({ order_id: orderId }).first();
  expect(payment).toMatchObject({ gateway: 'Stripe', payment_ref: expect.stringMatching(/^pi_/) });
  return { orderId, payment };
};

/** Our refund saved, pending, and Stripe asked with its key; the answer lost on the way back. */
const refundWithLostAnswer = async (
  orderId: number,
  paymentId: number,
  paymentRef: string,
  amount: number,
) => {
  await oweCredit(api.db, orderId, amount);
  const begun = await Effect.runPromise(
    makeOrderRefundsPostgres(api.db).begin(
      orderId,
      { reason: null, actor: { staffUserId: null, name: 'Test', counter: null }, runId: null },
      () => ({ ok: true, refunds: [{ paymentId, amount, refundType: 'CreditCard', gateway: 'Stripe' }] }),
    ),
  );
  if (begun.kind !== 'begun') throw new Error(`refund not saved: ${begun.kind}`);
  const saved = begun.refunds[0]!;
  const refund = await sdk.refunds.create(
    { payment_intent: paymentRef, amount, metadata: { idempotency_key: saved.idempotencyKey } },
    { idempotencyKey: saved.idempotencyKey },
  );
  return { saved, refund };
};

const deliver = async (event: object) => {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await api.server.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(res.statusCode, res.payload).toBe(200);
};

const eventOf = (type: string, object: object) => ({
  id: `evt_${randomUUID().slice(0, 12)}`,
  object: 'event',
  api_version: '2026-11-01',
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

describe('Stripe refund webhooks', () => {
  test('charge.refunded marks our pending refund succeeded by its key, once, whatever is delivered again', async () => {
    const { orderId, payment } = await stripeOrder();
    const { saved, refund } = await refundWithLostAnswer(orderId, payment.id, payment.payment_ref, 700);
    expect(await api.db('refunds').where({ id: saved.id }).first()).toMatchObject({ status: 'pending' });

    const pi = standIn.model.intents.get(payment.payment_ref)!;
    const charge = standIn.model.charges.get(pi.latest_charge as string)!;
    const event = eventOf('charge.refunded', {
      ...charge,
      refunds: { object: 'list', data: [refund], has_more: false },
    });
    await deliver(event);
    await deliver(event);
    expect(await api.db('refunds').where({ id: saved.id }).first()).toMatchObject({
      status: 'succeeded',
      refund_ref: refund.id,
    });
    expect(await api.db('order_balances').where({ order_id: orderId }).first()).toMatchObject({
      refunded: 700,
    });
  });

  test('refund.updated finds it by the refund id too; an unknown refund changes nothing', async () => {
    const { orderId, payment } = await stripeOrder();
    const { saved, refund } = await refundWithLostAnswer(orderId, payment.id, payment.payment_ref, 300);
    await deliver(eventOf('refund.updated', { ...refund, metadata: {}, status: 'pending' }));
    expect(await api.db('refunds').where({ id: saved.id }).first()).toMatchObject({ status: 'pending' });
    await deliver(eventOf('refund.updated', { ...refund, metadata: { idempotency_key: 'refund:0' } }));
    expect(await api.db('refunds').where({ id: saved.id }).first()).toMatchObject({ status: 'pending' });
    await deliver(eventOf('refund.updated', refund));
    expect(await api.db('refunds').where({ id: saved.id }).first()).toMatchObject({
      status: 'succeeded',
      refund_ref: refund.id,
    });
  });

  test('a supervisor refunds a Stripe card: the refund is made at Stripe under our key', async () => {
    const { orderId, payment } = await stripeOrder();
    await oweCredit(api.db, orderId, 500);
    const supervisor = await staffOfRole(api.server, api.db, 'BoxOfficeSupervisor');
    const res = await supervisor.call('PUT', '/api/admin/payments/refund', {
      orderId,
      paymentId: payment.id,
      amount: 500,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      Refunds: [{ Status: 'succeeded', RefundType: 'CreditCard' }],
      BalanceDue: 0,
    });
    const row = await api.db('refunds').where({ order_id: orderId }).first();
    const atStripe = standIn.model.refunds.get(row.refund_ref)!;
    expect(atStripe).toMatchObject({ amount: 500, metadata: { idempotency_key: row.idempotency_key } });
  });
});
