import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';

// A payment link paid through Stripe (the card gateway when STRIPE_SECRET_KEY is set), against
// the Stripe stand-in: a payment method that needs 3-D Secure answers 422 RequiresAction with
// Stripe's client secret; once the buyer authenticated, the resubmission with the same key pays,
// with one PaymentIntent.

let standIn: StripeStandIn;
let api: TestApi;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({ env: standIn.env });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

test('Stripe: 422 RequiresAction, the buyer authenticates, the same key pays once', async () => {
  const seller = await staffOfRole(api.server, api.db, 'Seller');
  const made = await seller.call('POST', '/api/admin/paymentrequests', {
    CustomerName: 'Northside Choir',
    CustomerEmail: 'trips@northside.example',
    Description: 'Balance for 40 seats',
    Kind: 'balance',
    Amount: 80_000,
    Currency: 'USD',
  });
  expect(made.status, made.raw).toBe(201);
  const payer = await signedIn(api.server, null);
  const vm = await payer.call(
    'GET',
    `/api/payments/getViewModel?gsRequestId=${made.body.GsRequestId}&paymentCode=${made.body.PaymentCode}`,
  );
  expect(vm.body).toMatchObject({ CardProcessor: 'Stripe', IsDepositPayment: false });
  const body = {
    IdempotencyKey: randomUUID(),
    PaymentRequestId: made.body.GsRequestId,
    PaymentCode: made.body.PaymentCode,
    PaymentType: 'CreditCard',
    Token: 'pm_card_authenticationRequired',
    CardBrand: 'Visa',
    CCLast4: '3184',
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.com',
    AcceptTermsOfService: true,
  };
  const first = await payer.call('POST', '/api/payments', body);
  expect(first.status, first.raw).toBe(422);
  expect(first.body.ClientSecret).toMatch(/_secret_/);
  standIn.authenticate(first.body.PaymentIntentId, 'succeed');
  const done = await payer.call('POST', '/api/payments', {
    ...body,
    Token: null,
    PaymentIntentId: first.body.PaymentIntentId,
  });
  expect(done.status, done.raw).toBe(200);
  const confirmation = await payer.call(
    'GET',
    `/api/payments/${done.body.PaymentID}/confirmation?paymentCode=${made.body.PaymentCode}`,
  );
  expect(confirmation.body).toMatchObject({ Amount: 80_000, CCLast4: '3184', IsDepositPayment: false });
  expect(standIn.calls('POST', '/v1/payment_intents').filter((c) => c.status === 200)).toHaveLength(1);
});
