import { randomUUID } from 'node:crypto';
import { Effect, Exit, Cause } from 'effect';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ChargeRequest } from '../../core/payments/ports.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { makeStripeGateway, type StripeGateway } from './gateway.ts';

// The Stripe gateway through the real SDK against the local stand-in (test/stand-ins/stripe).

let standIn: StripeStandIn;
let gateway: StripeGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const stripe = new Stripe('sk_test_foyer', standIn.sdkOptions);
  gateway = makeStripeGateway(stripe, { retryBase: '2 millis' });
});

afterAll(async () => {
  await standIn?.close();
});

beforeEach(() => {
  standIn.rateLimitNext(0);
});

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);
const failureOf = async <A, E>(effect: Effect.Effect<A, E>) => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) throw new Error('expected a failure');
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag !== 'Some') throw Cause.squash(exit.cause);
  return failure.value;
};

const request = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 4250,
  currency: 'USD',
  description: 'Foyer order',
  token: 'pm_card_visa',
  savedCardId: null,
  paymentRef: null,
  saveCardFor: null,
  returnUrl: null,
  metadata: { basket_id: randomUUID() },
  ...overrides,
});

const intentCreations = () => standIn.calls('POST', '/v1/payment_intents');

/** The attempt key a payment was made under (the intent's metadata). */
const paidKey = (outcome: { paymentRef: string }) =>
  standIn.model.intents.get(outcome.paymentRef)!.metadata.idempotency_key!;

describe('charging a card', () => {
  test('a good card succeeds with its brand and last four digits', async () => {
    const outcome = await run(gateway.charge(request()));
    expect(outcome).toMatchObject({
      status: 'succeeded',
      amount: 4250,
      card: { brand: 'Visa', last4: '4242', bin: '' },
    });
    if (outcome.status !== 'succeeded') throw new Error();
    const pi = standIn.model.intents.get(outcome.paymentRef)!;
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 4250,
      currency: 'usd',
      capture_method: 'automatic',
    });
  });

  test('the metadata and the idempotency key are on the intent', async () => {
    const req = request({ metadata: { basket_id: 'b-1', attempt_id: '7' } });
    const outcome = await run(gateway.charge(req));
    if (outcome.status !== 'succeeded') throw new Error(outcome.status);
    expect(standIn.model.intents.get(outcome.paymentRef)!.metadata).toEqual({
      basket_id: 'b-1',
      attempt_id: '7',
      idempotency_key: req.idempotencyKey,
    });
  });

  test.each([
    ['pm_card_chargeDeclined', 'card_declined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('%s is declined with %s', async (token, code, message) => {
    const outcome = await run(gateway.charge(request({ token })));
    expect(outcome).toMatchObject({ status: 'declined', code, message });
    if (outcome.status !== 'declined') throw new Error();
    expect(standIn.model.intents.get(outcome.paymentRef!)!.status).toBe('requires_payment_method');
  });

  test('a token Stripe does not know is declined, nothing charged', async () => {
    const outcome = await run(gateway.charge(request({ token: 'pm_nonsense' })));
    expect(outcome).toMatchObject({ status: 'declined', code: 'processing_error' });
  });

  test('the same key twice answers the same intent, and the card is charged once', async () => {
    const req = request();
    const before = standIn.model.charges.size;
    const first = await run(gateway.charge(req));
    const second = await run(gateway.charge(req));
    expect(second).toEqual(first);
    expect(standIn.model.charges.size).toBe(before + 1);
    const calls = intentCreations().filter((c) => c.idempotencyKey === req.idempotencyKey);
    expect(calls.map((c) => c.replayed)).toEqual([false, true]);
  });

  test('a declined attempt retried with its key is the same decline, not a second charge', async () => {
    const req = request({ token: 'pm_card_chargeDeclined' });
    const first = await run(gateway.charge(req));
    const second = await run(gateway.charge(req));
    expect(second).toEqual(first);
    expect(first.status).toBe('declined');
  });
});

describe('3-D Secure', () => {
  test('requires action with the client secret, then the resubmission succeeds', async () => {
    const req = request({
      token: 'pm_card_authenticationRequired',
      returnUrl: 'https://foyer.test/checkout/payment',
    });
    const first = await run(gateway.charge(req));
    if (first.status !== 'requires_action') throw new Error(first.status);
    const pi = standIn.model.intents.get(first.paymentRef)!;
    expect(first.clientSecret).toBe(pi.client_secret);
    expect(first.actionUrl).toBe(`${standIn.url}/_test/3ds/${pi.id}`);

    // Resubmitting before the buyer authenticated: still waiting, nothing charged.
    expect((await run(gateway.charge({ ...req, paymentRef: first.paymentRef }))).status).toBe(
      'requires_action',
    );
    standIn.authenticate(first.paymentRef, 'succeed');
    const after = await run(gateway.charge({ ...req, paymentRef: first.paymentRef }));
    expect(after).toMatchObject({
      status: 'succeeded',
      paymentRef: first.paymentRef,
      card: { last4: '3184' },
    });
  });

  test('an intent left to be confirmed after authentication is confirmed by the resubmission', async () => {
    const req = request({ token: 'pm_card_authenticationRequired' });
    const first = await run(gateway.charge(req));
    if (first.status !== 'requires_action') throw new Error(first.status);
    expect(first.actionUrl).toBeNull(); // no return URL: Stripe.js handles the step itself
    standIn.authenticate(first.paymentRef, 'confirm');
    expect(standIn.model.intents.get(first.paymentRef)!.status).toBe('requires_confirmation');
    const after = await run(gateway.charge({ ...req, paymentRef: first.paymentRef }));
    expect(after).toMatchObject({ status: 'succeeded', paymentRef: first.paymentRef });
    expect(standIn.model.intents.get(first.paymentRef)!.status).toBe('succeeded');
  });

  test('failed authentication is declined as authentication_failed', async () => {
    const req = request({ token: 'pm_card_authenticationRequired' });
    const first = await run(gateway.charge(req));
    if (first.status !== 'requires_action') throw new Error(first.status);
    standIn.authenticate(first.paymentRef, 'fail');
    const after = await run(gateway.charge({ ...req, paymentRef: first.paymentRef }));
    expect(after).toMatchObject({ status: 'declined', code: 'authentication_failed' });
  });

  test('a payment of another amount is not accepted as this order’s payment', async () => {
    const paid = await run(gateway.charge(request({ amount: 100 })));
    if (paid.status !== 'succeeded') throw new Error(paid.status);
    const outcome = await run(
      gateway.charge(request({ amount: 4250, paymentRef: paid.paymentRef, idempotencyKey: paidKey(paid) })),
    );
    expect(outcome).toMatchObject({ status: 'declined', code: 'processing_error' });
  });

  test('another attempt’s payment, even of the same amount, is not this attempt’s: one payment, one order', async () => {
    const paid = await run(gateway.charge(request()));
    if (paid.status !== 'succeeded') throw new Error(paid.status);
    const reused = await run(gateway.charge(request({ paymentRef: paid.paymentRef })));
    expect(reused).toMatchObject({
      status: 'declined',
      paymentRef: null,
      message: 'This payment does not belong to this order. Please pay again.',
    });
  });
});

describe('rate limits (429)', () => {
  test('four 429s are retried and the fifth attempt succeeds', async () => {
    const req = request();
    standIn.rateLimitNext(4);
    const outcome = await run(gateway.charge(req));
    expect(outcome.status).toBe('succeeded');
    const calls = intentCreations().filter((c) => c.idempotencyKey === req.idempotencyKey);
    expect(calls.map((c) => c.status)).toEqual([429, 429, 429, 429, 200]);
  });

  test('a fifth 429 gives up: the gateway is unavailable and nothing was charged', async () => {
    const req = request();
    standIn.rateLimitNext(5);
    const failure = await failureOf(gateway.charge(req));
    expect(failure).toMatchObject({ _tag: 'GatewayUnavailable', gateway: 'Stripe' });
    const calls = intentCreations().filter((c) => c.idempotencyKey === req.idempotencyKey);
    expect(calls.map((c) => c.status)).toEqual([429, 429, 429, 429, 429]);
    expect(await run(gateway.findByKey(req.idempotencyKey))).toBeNull();
  });

  test('a Stripe that cannot be reached is GatewayUnavailable', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const offline = makeStripeGateway(new Stripe('sk_test_foyer', closed.sdkOptions), {
      retryBase: '1 millis',
    });
    expect(await failureOf(offline.charge(request()))).toMatchObject({ _tag: 'GatewayUnavailable' });
  });
});

describe('finding, refunding, cancelling', () => {
  test('findByKey finds the payment made with the key, and nothing for an unknown key', async () => {
    const req = request();
    const outcome = await run(gateway.charge(req));
    if (outcome.status !== 'succeeded') throw new Error(outcome.status);
    expect(await run(gateway.findByKey(req.idempotencyKey))).toEqual({
      status: 'succeeded',
      paymentRef: outcome.paymentRef,
      amount: 4250,
      card: { brand: 'Visa', last4: '4242', bin: '' },
    });
    expect(await run(gateway.findByKey(randomUUID()))).toBeNull();
  });

  test('findByKey tells a declined attempt as failed', async () => {
    const req = request({ token: 'pm_card_chargeDeclined' });
    await run(gateway.charge(req));
    expect(await run(gateway.findByKey(req.idempotencyKey))).toMatchObject({ status: 'failed' });
  });

  test('retrieve reads the payment; an unknown one is null', async () => {
    const outcome = await run(gateway.charge(request()));
    if (outcome.status !== 'succeeded') throw new Error(outcome.status);
    expect(await run(gateway.retrieve(outcome.paymentRef))).toMatchObject({
      status: 'succeeded',
      amount: 4250,
    });
    expect(await run(gateway.retrieve('pi_unknown'))).toBeNull();
  });

  test('a refund gives money back once per key, never more than was charged', async () => {
    const outcome = await run(gateway.charge(request()));
    if (outcome.status !== 'succeeded') throw new Error(outcome.status);
    const key = randomUUID();
    const first = await run(gateway.refund(outcome.paymentRef, 1000, key));
    const again = await run(gateway.refund(outcome.paymentRef, 1000, key));
    expect(again).toEqual(first);
    const charge = standIn.model.charges.get(standIn.model.intents.get(outcome.paymentRef)!.latest_charge!)!;
    expect(charge.amount_refunded).toBe(1000);
    // More than is left: Stripe's answer about the money, final (not an outage to retry).
    expect(await failureOf(gateway.refund(outcome.paymentRef, 4000, randomUUID()))).toMatchObject({
      _tag: 'RefundDeclined',
      gateway: 'Stripe',
    });
    expect(charge.amount_refunded).toBe(1000);
  });

  test('cancel: an intent waiting for authentication is canceled, a succeeded one is not', async () => {
    const waiting = await run(gateway.charge(request({ token: 'pm_card_authenticationRequired' })));
    expect(await run(gateway.cancel(waiting.paymentRef!))).toEqual({ canceled: true, status: 'canceled' });
    expect(await run(gateway.retrieve(waiting.paymentRef!))).toMatchObject({ status: 'canceled' });
    const paid = await run(gateway.charge(request()));
    expect(await run(gateway.cancel(paid.paymentRef!))).toEqual({ canceled: false, status: 'succeeded' });
  });
});

describe('saved cards', () => {
  test('a card kept for a new customer is listed, charged again, and deleted', async () => {
    const first = await run(
      gateway.charge(request({ saveCardFor: { customerRef: null, email: 'ann@example.com' } })),
    );
    if (first.status !== 'succeeded' || !first.savedCard) throw new Error('not saved');
    const { customerRef, savedCardId } = first.savedCard;
    expect(await run(gateway.savedCards(customerRef))).toEqual([
      { savedCardId, brand: 'Visa', last4: '4242', expMonth: 12, expYear: expect.any(Number) },
    ]);

    const again = await run(gateway.charge(request({ token: null, savedCardId })));
    expect(again).toMatchObject({ status: 'succeeded', card: { last4: '4242' }, savedCard: null });
    if (again.status !== 'succeeded') throw new Error();
    expect(standIn.model.intents.get(again.paymentRef)!.customer).toBe(customerRef);

    await run(gateway.deleteSavedCard('cus_someone_else', savedCardId));
    expect(await run(gateway.savedCards(customerRef))).toHaveLength(1);
    await run(gateway.deleteSavedCard(customerRef, savedCardId));
    expect(await run(gateway.savedCards(customerRef))).toEqual([]);
    expect(await run(gateway.charge(request({ token: null, savedCardId })))).toMatchObject({
      status: 'declined',
    });
  });

  test('a card kept through 3-D Secure is reported by the resubmission that finishes the payment', async () => {
    const req = request({
      token: 'pm_card_authenticationRequired',
      saveCardFor: { customerRef: null, email: 'bea@example.com' },
    });
    const first = await run(gateway.charge(req));
    if (first.status !== 'requires_action') throw new Error(first.status);
    standIn.authenticate(first.paymentRef, 'succeed');
    const after = await run(gateway.charge({ ...req, paymentRef: first.paymentRef }));
    if (after.status !== 'succeeded' || !after.savedCard) throw new Error('not saved');
    const pi = standIn.model.intents.get(first.paymentRef)!;
    expect(after.savedCard).toEqual({ customerRef: pi.customer, savedCardId: pi.payment_method });
    expect(await run(gateway.savedCards(after.savedCard.customerRef))).toMatchObject([{ last4: '3184' }]);
  });

  test('a payment nobody asked to keep reports no saved card', async () => {
    expect(await run(gateway.charge(request()))).toMatchObject({ status: 'succeeded', savedCard: null });
  });

  test('an unknown customer has no saved cards', async () => {
    expect(await run(gateway.savedCards('cus_nobody'))).toEqual([]);
  });
});
