import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, csrfHeaders, type TestApi } from '../../../test/api-server.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';
import { makeStripeGateway } from '../../stripe/gateway.ts';
import { AfterpayIntent, AfterpayIntentState } from '../contract/wallets.ts';

// Afterpay/Clearpay as the storefront drives it: an intent for the live basket total, the buyer
// approves on Afterpay's page (the stand-in's test control), the return page reads the intent,
// and the checkout's charge with the intent captures it.

let standIn: StripeStandIn;
let api: TestApi;
let eventId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({
    env: standIn.env,
  });
  eventId = await saleEventId(api.db, 'HAMLET', 3);
});

afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const browser = async () => {
  const csrf = await csrfHeaders(api.server);
  let basketCookie: string | undefined;
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await api.server.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...csrf, cookie: [csrf.cookie, basketCookie].filter(Boolean).join('; ') },
    });
    const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_basket='));
    if (set) basketCookie = set.split(';')[0];
    return { status: res.statusCode, body: res.payload ? JSON.parse(res.payload) : undefined };
  };
  return { call };
};

let seatOffset = 0;
const withSeats = async (count: number) => {
  const b = await browser();
  const seats = await plainOpenSeats(api.db, eventId, count, (seatOffset += 10));
  const added = await b.call('POST', '/api/baskets/additems', {
    eventId,
    salesChannel: 'Web',
    basketItems: seats.map((s) => ({ Key: s.key })),
  });
  expect(added.status).toBe(200);
  return { b, basket: added.body as { ID: string; Total: number; IsoCurrencyCode: string } };
};

const buyer = {
  FirstName: 'Ann',
  LastName: 'Lee',
  Email: 'ann@example.com',
  ShipToAddress1: '1 Stage Door',
  ShipToCity: 'Portland',
  ShipToState: 'OR',
  ShipToPostalCode: '97205',
  ShipToCountryCode: 'US',
};

const gateway = () =>
  makeStripeGateway(new Stripe('sk_test_foyer', standIn.sdkOptions), { retryBase: '1 millis' });

describe('Afterpay/Clearpay', () => {
  test('the intent is for the live basket total, approved, read back, then captured by the checkout', async () => {
    const { b, basket } = await withSeats(2);
    const key = randomUUID();
    const created = await b.call('POST', '/api/afterpay/createPaymentIntent', {
      ...buyer,
      IdempotencyKey: key,
    });
    expect(created.status).toBe(200);
    const { clientSecret, paymentIntentId } = AfterpayIntent.parse(created.body);
    const pi = standIn.model.intents.get(paymentIntentId)!;
    expect(pi).toMatchObject({
      amount: basket.Total,
      currency: basket.IsoCurrencyCode.toLowerCase(),
      payment_method_types: ['afterpay_clearpay'],
      capture_method: 'manual',
      client_secret: clientSecret,
      metadata: { basket_id: basket.ID, idempotency_key: key },
      shipping: { name: 'Ann Lee', address: { line1: '1 Stage Door', city: 'Portland', country: 'US' } },
    });

    standIn.authorizeAfterpay(paymentIntentId, true);
    const read = await b.call(
      'GET',
      `/api/afterpay/getPaymentIntent?venueId=1&paymentIntentId=${paymentIntentId}&clientSecret=${encodeURIComponent(clientSecret)}`,
    );
    expect(AfterpayIntentState.parse(read.body)).toEqual({
      PaymentIntentId: paymentIntentId,
      Status: 'requires_capture',
      LatestChargeStatus: 'succeeded',
      LatestChargeSucceeded: true,
      Amount: basket.Total,
      IsoCurrencyCode: basket.IsoCurrencyCode,
    });

    // POST /api/checkout with PaymentIntentId: the order path charges with paymentRef.
    const outcome = await Effect.runPromise(
      gateway().charge({
        idempotencyKey: key,
        amount: basket.Total,
        currency: basket.IsoCurrencyCode,
        description: 'Foyer order',
        token: null,
        savedCardId: null,
        paymentRef: paymentIntentId,
        saveCardFor: null,
        returnUrl: null,
        metadata: { basket_id: basket.ID },
      }),
    );
    expect(outcome).toMatchObject({ status: 'succeeded', paymentRef: paymentIntentId, amount: basket.Total });
    expect(standIn.model.intents.get(paymentIntentId)!.status).toBe('succeeded');
  });

  test('a payment Afterpay declined is not succeeded, and the checkout is declined', async () => {
    const { b, basket } = await withSeats(1);
    const key = randomUUID();
    const { paymentIntentId, clientSecret } = AfterpayIntent.parse(
      (await b.call('POST', '/api/afterpay/createPaymentIntent', { ...buyer, IdempotencyKey: key })).body,
    );
    standIn.authorizeAfterpay(paymentIntentId, false);
    const read = await b.call(
      'GET',
      `/api/afterpay/getPaymentIntent?paymentIntentId=${paymentIntentId}&clientSecret=${encodeURIComponent(clientSecret)}`,
    );
    expect(read.body).toMatchObject({ Status: 'requires_payment_method', LatestChargeSucceeded: false });
    const outcome = await Effect.runPromise(
      gateway().charge({
        idempotencyKey: key,
        amount: basket.Total,
        currency: basket.IsoCurrencyCode,
        description: 'Foyer order',
        token: null,
        savedCardId: null,
        paymentRef: paymentIntentId,
        saveCardFor: null,
        returnUrl: null,
        metadata: {},
      }),
    );
    expect(outcome.status).toBe('declined');
  });

  test('the client secret must match the intent', async () => {
    const { b } = await withSeats(1);
    const { paymentIntentId } = AfterpayIntent.parse(
      (await b.call('POST', '/api/afterpay/createPaymentIntent', { ...buyer })).body,
    );
    const read = await b.call(
      'GET',
      `/api/afterpay/getPaymentIntent?paymentIntentId=${paymentIntentId}&clientSecret=${paymentIntentId}_secret_guess`,
    );
    expect(read).toEqual({ status: 404, body: { Message: 'Payment not found.' } });
  });

  test('no live basket answers 404; no address answers 400 naming the field; nothing is created', async () => {
    const before = standIn.model.intents.size;
    const stranger = await browser();
    expect((await stranger.call('POST', '/api/afterpay/createPaymentIntent', buyer)).status).toBe(404);
    const { b } = await withSeats(1);
    const { ShipToAddress1: _line1, ...noAddress } = buyer;
    const answer = await b.call('POST', '/api/afterpay/createPaymentIntent', noAddress);
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toMatch(/^ShipToAddress1/);
    expect(standIn.model.intents.size).toBe(before);
  });

  test('the calls are in the OpenAPI document', async () => {
    const doc = JSON.parse((await api.server.inject('/api/openapi.json')).payload);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/afterpay/createPaymentIntent',
        '/api/afterpay/getPaymentIntent',
        '/api/applepay/validatemerchantsession',
      ]),
    );
  });

  test('without the CSRF header the intent is not created', async () => {
    const res = await api.server.inject({
      method: 'POST',
      url: '/api/afterpay/createPaymentIntent',
      payload: buyer,
    });
    expect(res.statusCode).toBe(403);
  });
});
