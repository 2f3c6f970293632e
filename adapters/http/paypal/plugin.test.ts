import { Effect } from 'effect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargeRequest } from '../../../core/payments/ports.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { saleEventId } from '../../../test/basket.ts';
import { startPayPalStandIn, type PayPalStandIn } from '../../../test/stand-ins/paypal/server.ts';
import { holdSeats, shopper } from '../../../test/stand-ins/paypal/shopper.ts';
import { paypalFromConfig, type PayPalGateway } from '../../paypal/gateway.ts';
import { payPalStorePostgres } from '../../postgres/payments/paypal-store.ts';
import { PayPalOrderAnswer } from '../contract/hosted-payments.ts';

// PayPal end to end against the loopback stand-in: the real route makes the order for the
// basket, the buyer approves it at "PayPal", and the gateway the checkout calls captures it.

let api: TestApi;
let paypal: PayPalStandIn;
let gateway: PayPalGateway;
let eventId: number;
let seatOffset = 0;

beforeAll(async () => {
  paypal = await startPayPalStandIn({ clientId: 'foyer-client', clientSecret: 'foyer-secret' });
  api = await createTestApi({
    env: {
      PAYPAL_CLIENT_ID: 'foyer-client',
      PAYPAL_CLIENT_SECRET: 'foyer-secret',
      PAYPAL_API_BASE: paypal.url,
    },
  });
  gateway = paypalFromConfig(api.config, payPalStorePostgres(api.db))!;
  eventId = await saleEventId(api.db, 'HAMLET', 2);
});

afterAll(async () => {
  await api?.close();
  await paypal?.close();
});

/** A shopper with seats in a basket, and the PayPal order the route made for it. */
const shopperWithPayPalOrder = async (seats = 2) => {
  const b = await shopper(api.server);
  const basket = await holdSeats(api.db, b, eventId, seats, seatOffset);
  seatOffset += seats;
  const res = await b.call('POST', '/api/paypal/createPayPalOrder');
  expect(res.status).toBe(200);
  return { b, basket, orderId: PayPalOrderAnswer.parse(res.body).id };
};

const chargeRequest = (
  basket: { ID: string; Total: number; IsoCurrencyCode: string },
  token: string,
  key = `key-${crypto.randomUUID()}`,
): ChargeRequest => ({
  idempotencyKey: key,
  amount: basket.Total,
  currency: basket.IsoCurrencyCode,
  description: 'Foyer order',
  token,
  savedCardId: null,
  paymentRef: null,
  saveCardFor: null,
  returnUrl: null,
  metadata: { basketId: basket.ID },
});

describe('POST /api/paypal/createPayPalOrder', () => {
  test('creates a PayPal order for the basket total in the venue currency and answers its id', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder(3);
    const order = paypal.orders.get(orderId)!;
    expect(order.status).toBe('CREATED');
    const amount = order.purchase_units[0]!.amount;
    expect(amount).toEqual({ currency_code: basket.IsoCurrencyCode, value: (basket.Total / 100).toFixed(2) });
    expect(basket.Total).toBeGreaterThan(0);
    expect(order.purchase_units[0]!.custom_id).toBe(basket.ID);
  });

  test('without a live basket answers 404, without the CSRF header 403, and makes no order', async () => {
    const before = paypal.orders.size;
    const b = await shopper(api.server);
    expect((await b.call('POST', '/api/paypal/createPayPalOrder')).status).toBe(404);
    await holdSeats(api.db, b, eventId, 1, seatOffset++);
    expect((await b.call('POST', '/api/paypal/createPayPalOrder', undefined, { csrf: false })).status).toBe(
      403,
    );
    expect(paypal.orders.size).toBe(before);
  });
});

describe('the PayPal gateway at checkout', () => {
  test('captures the approved order once, even when checkout calls twice with the same key', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    const request = chargeRequest(basket, orderId);
    const first = await Effect.runPromise(gateway.charge(request));
    const second = await Effect.runPromise(gateway.charge(request));
    expect(first).toMatchObject({ status: 'succeeded', amount: basket.Total });
    expect(second).toEqual(first);
    expect(paypal.captureCount(orderId)).toBe(1);
    const captureCalls = paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);
    expect(captureCalls.every((r) => r.requestId === request.idempotencyKey)).toBe(true);

    const ref = first.status === 'succeeded' ? first.paymentRef : '';
    expect(await Effect.runPromise(gateway.findByKey(request.idempotencyKey))).toMatchObject({
      status: 'succeeded',
      paymentRef: ref,
      amount: basket.Total,
    });
    expect(await Effect.runPromise(gateway.retrieve(ref))).toMatchObject({
      status: 'succeeded',
      amount: basket.Total,
    });
    expect(await Effect.runPromise(gateway.findByKey('a key never used'))).toBeNull();
  });

  test('a retry after a lost answer captures nothing more (PayPal replays the request id)', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    const request = chargeRequest(basket, orderId);
    await Effect.runPromise(gateway.charge(request));
    // The order store lost our record of the answer (a crash between capture and saving it).
    await api
      .db('paypal_captures')
      .where({ idempotency_key: request.idempotencyKey })
      .update({ capture_id: null });
    expect(await Effect.runPromise(gateway.charge(request))).toMatchObject({ status: 'succeeded' });
    expect(paypal.captureCount(orderId)).toBe(1);
  });

  test('an order id that is not the one created for the basket is declined and nothing is captured', async () => {
    const { b, basket, orderId: first } = await shopperWithPayPalOrder();
    // A second click on the PayPal button makes a new order: only that one may be paid.
    const second = PayPalOrderAnswer.parse((await b.call('POST', '/api/paypal/createPayPalOrder')).body).id;
    paypal.approve(first);
    paypal.approve(second);
    const stale = await Effect.runPromise(gateway.charge(chargeRequest(basket, first)));
    expect(stale).toMatchObject({ status: 'declined', code: 'paypal_order_mismatch' });
    const made = await Effect.runPromise(gateway.charge(chargeRequest(basket, 'NOTOURORDER123')));
    expect(made).toMatchObject({ status: 'declined', code: 'paypal_order_mismatch' });
    // Another basket's order is not this basket's either.
    const other = await shopperWithPayPalOrder();
    paypal.approve(other.orderId);
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, other.orderId)))).toMatchObject({
      code: 'paypal_order_mismatch',
    });
    expect(paypal.captureCount(first)).toBe(0);
    expect(paypal.captureCount(other.orderId)).toBe(0);
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, second)))).toMatchObject({
      status: 'succeeded',
    });
  });

  test('an order the buyer has not approved is declined; after approval a new attempt captures it', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)))).toMatchObject({
      status: 'declined',
      code: 'authentication_failed',
    });
    paypal.approve(orderId);
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)))).toMatchObject({
      status: 'succeeded',
    });
    expect(paypal.captureCount(orderId)).toBe(1);
  });

  test("a funding source PayPal refuses is declined as the card processor's decline", async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    paypal.declineAtCapture(orderId);
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)))).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
    expect(paypal.captureCount(orderId)).toBe(0);
  });

  test('a basket whose total changed after the order was made is not captured', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    const changed = { ...basket, Total: basket.Total + 100 };
    expect(await Effect.runPromise(gateway.charge(chargeRequest(changed, orderId)))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
    expect(paypal.captureCount(orderId)).toBe(0);
  });

  test('one PayPal order pays for one checkout only', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)))).toMatchObject({
      status: 'succeeded',
    });
    expect(await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)))).toMatchObject({
      status: 'declined',
    });
    expect(paypal.captureCount(orderId)).toBe(1);
  });

  test('refunds part of a capture once per key, and never more than was paid', async () => {
    const { basket, orderId } = await shopperWithPayPalOrder();
    paypal.approve(orderId);
    const paid = await Effect.runPromise(gateway.charge(chargeRequest(basket, orderId)));
    const ref = paid.status === 'succeeded' ? paid.paymentRef : '';
    const before = paypal.refundCount();
    const first = await Effect.runPromise(gateway.refund(ref, 100, 'refund-key-1'));
    const again = await Effect.runPromise(gateway.refund(ref, 100, 'refund-key-1'));
    expect(again).toEqual(first);
    expect(paypal.refundCount()).toBe(before + 1);
    const tooMuch = await Effect.runPromiseExit(gateway.refund(ref, basket.Total, 'refund-key-2'));
    expect(tooMuch._tag).toBe('Failure');
    expect(paypal.refundCount()).toBe(before + 1);
  });

  test('an unreachable PayPal is GatewayUnavailable, not a decline', async () => {
    const down = paypalFromConfig(
      { ...api.config, PAYPAL_API_BASE: 'http://127.0.0.1:9' },
      payPalStorePostgres(api.db),
    )!;
    const exit = await Effect.runPromiseExit(down.findByKey('anything'));
    expect(exit._tag).toBe('Success'); // no claim: nothing to ask PayPal
    const failed = await Effect.runPromiseExit(down.retrieve('CAP123'));
    expect(failed._tag).toBe('Failure');
    expect(JSON.stringify(failed)).toContain('GatewayUnavailable');
  });
});
