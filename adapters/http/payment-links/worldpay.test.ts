import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { startWorldPayStandIn, type WorldPayStandIn } from '../../../test/stand-ins/worldpay/server.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { WorldPayAnswer } from '../contract/hosted-payments.ts';

// A payment link paid on WorldPay's hosted page (when WorldPay is configured), against the
// loopback stand-in: set-up answers the page, which returns to /payment/processing; the page's
// POST /api/payments with WorldPayData pays the request once.

const PUBLIC_URL = 'https://tickets.foyer.test';
const account = {
  merchantCode: 'FOYERTEST',
  xmlPassword: 'xml-secret',
  installationId: '1234567',
  macSecret: 'mac-secret-42',
};

let api: TestApi;
let worldpay: WorldPayStandIn;

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
}, 120_000);
afterAll(async () => {
  await api?.close();
  await worldpay?.close();
});

test("WorldPay's page for the request's amount, back to /payment/processing, paid once", async () => {
  const seller = await staffOfRole(api.server, api.db, 'Seller');
  const made = await seller.call('POST', '/api/admin/paymentrequests', {
    CustomerName: 'Northside Choir',
    CustomerEmail: 'trips@northside.example',
    Description: 'Deposit',
    Kind: 'deposit',
    Amount: 12_345,
    Currency: 'USD',
  });
  const link = { PaymentRequestId: made.body.GsRequestId, PaymentCode: made.body.PaymentCode };
  const payer = await signedIn(api.server, null);
  const vm = await payer.call(
    'GET',
    `/api/payments/getViewModel?gsRequestId=${link.PaymentRequestId}&paymentCode=${link.PaymentCode}`,
  );
  expect(vm.body.WorldPayAvailable).toBe(true);
  expect((await payer.call('POST', '/api/worldpay/setup', { ...link, PaymentCode: 'wrong' })).status).toBe(
    401,
  );

  const setup = await payer.call('POST', '/api/worldpay/setup', { ...link, Email: 'ada@example.com' });
  expect(setup.status, setup.raw).toBe(200);
  const page = new URL(WorldPayAnswer.parse(setup.body).url);
  expect(page.searchParams.get('successURL')).toBe(`${PUBLIC_URL}/payment/processing`);
  expect(page.searchParams.get('errorURL')).toBe(`${PUBLIC_URL}/payment/worldPayError`);
  const order = [...worldpay.orders.values()].find((o) => o.orderKey === page.searchParams.get('OrderKey'))!;
  expect(order).toMatchObject({ amount: 12_345, currency: 'USD' });

  page.searchParams.set('shopper', 'AUTHORISED');
  const back = await fetch(page, { redirect: 'manual' });
  const returned = new URL(back.headers.get('location')!);
  expect(returned.pathname).toBe('/payment/processing');
  const body = {
    ...link,
    IdempotencyKey: `worldpay:${returned.searchParams.get('orderKey')}`,
    PaymentType: 'WorldPay',
    WorldPayData: Object.fromEntries(returned.searchParams),
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.com',
    AcceptTermsOfService: true,
  };
  const paid = await payer.call('POST', '/api/payments', body);
  expect(paid.status, paid.raw).toBe(200);
  expect((await payer.call('POST', '/api/payments', body)).body).toEqual(paid.body);
  const rows = await api.db('group_payments').where({ request_id: link.PaymentRequestId });
  expect(rows).toMatchObject([{ status: 'succeeded', gateway: 'WorldPay', amount: 12_345 }]);
  // The same WorldPay payment cannot pay under another key.
  const again = await payer.call('POST', '/api/payments', {
    ...body,
    IdempotencyKey: `other-${crypto.randomUUID()}`,
  });
  expect(again.status).toBe(409);
});
