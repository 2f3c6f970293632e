import { Effect } from 'effect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargeRequest } from '../../../core/payments/ports.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { saleEventId } from '../../../test/basket.ts';
import { holdSeats, shopper } from '../../../test/stand-ins/paypal/shopper.ts';
import {
  startWorldPayStandIn,
  type ShopperChoice,
  type WorldPayStandIn,
} from '../../../test/stand-ins/worldpay/server.ts';
import { worldpayFromConfig, type WorldPayGateway } from '../../worldpay/gateway.ts';
import { worldPayStorePostgres } from '../../postgres/payments/worldpay-store.ts';
import { WorldPayAnswer } from '../contract/hosted-payments.ts';

// WorldPay's hosted page end to end against the loopback stand-in: the real route makes the
// order and answers the page URL; the "shopper" pays there and is redirected to our
// /checkout/orderProcessing with a signed result, which the checkout's gateway call verifies.

const PUBLIC_URL = 'https://tickets.foyer.test';
const account = {
  merchantCode: 'FOYERTEST',
  xmlPassword: 'xml-secret',
  installationId: '1234567',
  macSecret: 'mac-secret-42',
};

let api: TestApi;
let worldpay: WorldPayStandIn;
let gateway: WorldPayGateway;
let eventId: number;
let seatOffset = 0;

beforeAll(async () => {
  worldpay = await startWorldPayStandIn(account);
  api = await createTestApi({
    env: {
      PUBLIC_URL,
      WORLDPAY_MERCHANT_CODE: account.merchantCode,
      WORLDPAY_XML_PASSWORD: account.xmlPassword,
      WORLDPAY_INSTALLATION_ID: account.installationId,
      WORLDPAY_MAC_SECRET: account.macSecret,
      WORLDPAY_URL: worldpay.serviceUrl,
    },
  });
  gateway = worldpayFromConfig(api.config, worldPayStorePostgres(api.db))!;
  eventId = await saleEventId(api.db, 'HAMLET', 3);
});

afterAll(async () => {
  await api?.close();
  await worldpay?.close();
});

const checkoutRequest = () => ({
  IdempotencyKey: `attempt-${crypto.randomUUID()}`,
  PaymentType: 'WorldPay',
  Email: 'buyer@example.com',
  FirstName: 'Ada',
  LastName: 'Lovelace',
});

/** A shopper with seats, sent to WorldPay's page by POST /api/worldpay. */
const shopperAtWorldPay = async () => {
  const b = await shopper(api.server);
  const basket = await holdSeats(api.db, b, eventId, 2, seatOffset);
  seatOffset += 2;
  const request = checkoutRequest();
  const res = await b.call('POST', '/api/worldpay', request);
  expect(res.status).toBe(200);
  return { b, basket, key: request.IdempotencyKey, url: WorldPayAnswer.parse(res.body).url };
};

/** The shopper's visit to the hosted page: where WorldPay's redirect sends the browser. */
const pay = async (url: string, choice: ShopperChoice = 'AUTHORISED') => {
  const page = new URL(url);
  page.searchParams.set('shopper', choice);
  const res = await fetch(page, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
};

/** What /checkout/orderProcessing posts to checkout: the return URL's parameters, as they are. */
const worldPayData = (returned: URL) => Object.fromEntries(returned.searchParams);

const chargeRequest = (
  basket: { ID: string; Total: number; IsoCurrencyCode: string },
  data: Record<string, string>,
  key = `attempt-${crypto.randomUUID()}`,
): ChargeRequest => ({
  idempotencyKey: key,
  amount: basket.Total,
  currency: basket.IsoCurrencyCode,
  description: 'Foyer order',
  token: null,
  savedCardId: null,
  paymentRef: null,
  saveCardFor: null,
  returnUrl: null,
  metadata: { basketId: basket.ID },
  worldPayData: data,
});

const charge = (request: ChargeRequest) => Effect.runPromise(gateway.charge(request));

describe('POST /api/worldpay', () => {
  test("answers WorldPay's page for the basket total, returning to /checkout/orderProcessing", async () => {
    const { basket, url } = await shopperAtWorldPay();
    const page = new URL(url);
    expect(page.origin).toBe(new URL(worldpay.serviceUrl).origin);
    for (const name of ['successURL', 'failureURL', 'cancelURL', 'pendingURL'])
      expect(page.searchParams.get(name)).toBe(`${PUBLIC_URL}/checkout/orderProcessing`);
    expect(page.searchParams.get('errorURL')).toBe(
      `${PUBLIC_URL}/checkout/worldPayError?redirectUrl=%2Fcheckout%2Fpayment`,
    );
    const order = [...worldpay.orders.values()].find(
      (o) => o.orderKey === page.searchParams.get('OrderKey'),
    )!;
    expect({ amount: order.amount, currency: order.currency, installationId: order.installationId }).toEqual({
      amount: basket.Total,
      currency: basket.IsoCurrencyCode,
      installationId: account.installationId,
    });
  });

  test('refuses a bad checkout request (400) or no live basket (404), making no WorldPay order', async () => {
    const before = worldpay.orders.size;
    const b = await shopper(api.server);
    expect((await b.call('POST', '/api/worldpay', checkoutRequest())).status).toBe(404);
    await holdSeats(api.db, b, eventId, 1, seatOffset++);
    const bad = await b.call('POST', '/api/worldpay', { PaymentType: 'WorldPay' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/IdempotencyKey/);
    expect(worldpay.orders.size).toBe(before);
  });
});

describe('the WorldPay gateway at checkout', () => {
  test('a verified AUTHORISED return succeeds with the order key, the same on a retry with the same key', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const returned = await pay(url);
    expect(`${returned.origin}${returned.pathname}`).toBe(`${PUBLIC_URL}/checkout/orderProcessing`);
    const data = worldPayData(returned);
    expect(Object.keys(data).sort()).toEqual([
      'mac2',
      'orderKey',
      'paymentAmount',
      'paymentCurrency',
      'paymentStatus',
    ]);
    const request = chargeRequest(basket, data);
    const first = await charge(request);
    expect(first).toEqual({
      status: 'succeeded',
      paymentRef: data.orderKey,
      amount: basket.Total,
      card: null,
      savedCard: null,
    });
    expect(await charge(request)).toEqual(first);
    expect(await Effect.runPromise(gateway.findByKey(request.idempotencyKey))).toMatchObject({
      status: 'succeeded',
      paymentRef: data.orderKey,
      amount: basket.Total,
    });
    // The same return replayed by another checkout never pays for a second order.
    expect(await charge(chargeRequest(basket, data))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
  });

  test('a return signed with the wrong secret is declined authentication_failed and claims nothing', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const data = worldPayData(await pay(url, 'BADMAC'));
    const request = chargeRequest(basket, data);
    expect(await charge(request)).toMatchObject({ status: 'declined', code: 'authentication_failed' });
    expect(await Effect.runPromise(gateway.findByKey(request.idempotencyKey))).toBeNull();
  });

  test('a tampered amount, currency, status or order key is refused', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const data = worldPayData(await pay(url, 'REFUSED'));
    const tampered = [
      { ...data, paymentStatus: 'AUTHORISED' },
      { ...data, paymentAmount: '1' },
      { ...data, paymentCurrency: 'EUR' },
      { ...data, orderKey: `${data.orderKey}X` },
      { ...data, mac2: '' },
    ];
    for (const forged of tampered)
      expect(await charge(chargeRequest(basket, forged))).toMatchObject({
        status: 'declined',
        code: 'authentication_failed',
      });
    expect(await charge(chargeRequest(basket, data))).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
  });

  test('a cancel on the page is a verified decline', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const data = worldPayData(await pay(url, 'CANCEL'));
    expect(data.paymentStatus).toBeUndefined();
    expect(await charge(chargeRequest(basket, data))).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
  });

  test("a payment for another basket is not this basket's payment", async () => {
    const { basket, url } = await shopperAtWorldPay();
    const data = worldPayData(await pay(url));
    const other = await shopperAtWorldPay();
    expect(await charge(chargeRequest(other.basket, data))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
    expect(await charge(chargeRequest(basket, data))).toMatchObject({ status: 'succeeded' });
  });

  test('a payment that no longer matches the changed basket total is declined and voided at WorldPay', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const data = worldPayData(await pay(url));
    const order = [...worldpay.orders.values()].find((o) => o.orderKey === data.orderKey)!;
    expect(order.lastEvent).toBe('AUTHORISED');
    expect(await charge(chargeRequest({ ...basket, Total: basket.Total + 100 }, data))).toMatchObject({
      status: 'declined',
      code: 'processing_error',
    });
    expect(order.lastEvent).toBe('CANCELLED');
    // Voided: it can no longer pay for the basket either.
    expect(await charge(chargeRequest(basket, data))).toMatchObject({ status: 'declined' });
  });

  test('refunds once per key and never more than was paid', async () => {
    const { basket, url } = await shopperAtWorldPay();
    const paid = await charge(chargeRequest(basket, worldPayData(await pay(url))));
    const ref = paid.status === 'succeeded' ? paid.paymentRef : '';
    const order = [...worldpay.orders.values()].find((o) => o.orderKey === ref)!;
    const first = await Effect.runPromise(gateway.refund(ref, 100, 'wp-refund-1'));
    expect(await Effect.runPromise(gateway.refund(ref, 100, 'wp-refund-1'))).toEqual(first);
    expect(order.refunded).toBe(100);
    expect((await Effect.runPromiseExit(gateway.refund(ref, basket.Total, 'wp-refund-2')))._tag).toBe(
      'Failure',
    );
    expect(order.refunded).toBe(100);
    // WorldPay refused that refund outright, so its key is free to send a sound one.
    expect(await Effect.runPromise(gateway.refund(ref, 50, 'wp-refund-2'))).toBeTruthy();
    expect(order.refunded).toBe(150);
  });
});

describe('without PayPal or WorldPay settings', () => {
  test('their hand-off calls do not exist', async () => {
    const plain = await createTestApi();
    try {
      const b = await shopper(plain.server);
      expect((await b.call('POST', '/api/worldpay', checkoutRequest())).status).toBe(404);
      expect((await b.call('POST', '/api/paypal/createPayPalOrder')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
