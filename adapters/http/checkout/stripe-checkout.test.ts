import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { saleEventId } from '../../../test/basket.ts';
import { holdSeats, shopper } from '../../../test/stand-ins/paypal/shopper.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';

// POST /api/checkout with a Stripe.js payment method (the `stripe` SDK against the stand-in).
// Stripe tells the brand and last 4 of the card but not its first six digits: the order is
// made all the same, and shows the card as Stripe described it.

let standIn: StripeStandIn;
let api: TestApi;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({
    env: standIn.env,
  });
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

test('a Stripe payment method without a BIN makes the order, with brand and last 4 from Stripe', async () => {
  const eventId = await saleEventId(api.db, 'HAMLET', 3);
  const b = await shopper(api.server);
  const basket = await holdSeats(api.db, b, eventId, 1, 5);
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
  expect(res.status).toBe(200);
  expect(res.body.Order.Total).toBe(basket.Total);
  const confirmation = await b.call('GET', `/api/confirmation/${res.body.Order.ID}`);
  expect(confirmation.body.Order.Payment).toMatchObject({ CardBrand: 'Visa', CCLast4: '4242' });
  expect(standIn.calls('POST', '/v1/payment_intents').filter((c) => c.status === 200)).toHaveLength(1);
});
