import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargeRequest } from '../../core/payments/ports.ts';
import { applePayTestToken } from '../../test/stand-ins/apple-pay/payment-token.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { makeStripeGateway, type StripeGateway } from './gateway.ts';

// Apple Pay through Stripe with the real SDK against the stand-in: the wallet's token becomes a
// card token (POST /v1/tokens with pk_token...), a card payment method from it, then the intent.

let standIn: StripeStandIn;
let gateway: StripeGateway;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  gateway = makeStripeGateway(new Stripe('sk_test_foyer', standIn.sdkOptions), { retryBase: '2 millis' });
});

afterAll(async () => {
  await standIn?.close();
});

const request = (token: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 6400,
  currency: 'USD',
  description: 'Foyer order',
  token,
  savedCardId: null,
  paymentRef: null,
  saveCardFor: null,
  returnUrl: null,
  metadata: {},
  ...overrides,
});

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);

describe('Apple Pay through Stripe', () => {
  test('the wallet token is sent as Stripe reads it, becomes a card payment method, and is charged', async () => {
    const wallet = applePayTestToken('Visa 4242', 'Visa');
    const tokensBefore = standIn.model.tokens.size;
    const outcome = await run(gateway.charge(request(JSON.stringify(wallet))));
    expect(outcome).toMatchObject({
      status: 'succeeded',
      amount: 6400,
      card: { brand: 'Visa', last4: '4242' },
    });
    if (outcome.status !== 'succeeded') throw new Error(outcome.status);
    expect(standIn.model.tokens.size).toBe(tokensBefore + 1);
    const [made] = [...standIn.model.tokens.values()].slice(-1);
    expect(made!.token).toMatchObject({
      type: 'card',
      used: true,
      card: { brand: 'Visa', last4: '4242', tokenization_method: 'apple_pay' },
    });
    const pi = standIn.model.intents.get(outcome.paymentRef)!;
    expect(pi.status).toBe('succeeded');
    expect(standIn.model.methods.get(pi.payment_method!)?.card?.wallet?.type).toBe('apple_pay');
    // What Stripe is sent, as its SDKs send an Apple Pay token: Apple's paymentData as JSON.
    const sent = standIn.calls('POST', '/v1/tokens').at(-1)!.params;
    expect(sent).toEqual({
      pk_token: JSON.stringify(wallet.paymentData),
      pk_token_instrument_name: 'Visa 4242',
      pk_token_payment_network: 'Visa',
      pk_token_transaction_id: wallet.transactionIdentifier,
    });
    expect(standIn.calls('POST', '/v1/payment_methods').at(-1)!.params).toEqual({
      type: 'card',
      card: { token: made!.token.id },
    });
  });

  test('a retry with the same key charges once: the token and payment method are answered again', async () => {
    const req = request(JSON.stringify(applePayTestToken('MasterCard 4444', 'MasterCard')));
    const first = await run(gateway.charge(req));
    const again = await run(gateway.charge(req));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 'succeeded', card: { brand: 'MasterCard', last4: '4444' } });
    const keyed = (path: string) =>
      standIn.calls('POST', path).filter((c) => c.idempotencyKey?.startsWith(req.idempotencyKey));
    expect(keyed('/v1/tokens').map((c) => c.replayed)).toEqual([false, true]);
    expect(keyed('/v1/payment_methods').map((c) => c.replayed)).toEqual([false, true]);
    expect(
      [...standIn.model.intents.values()].filter((pi) => pi.metadata.idempotency_key === req.idempotencyKey),
    ).toHaveLength(1);
  });

  test('a declining wallet card is a decline, nothing charged', async () => {
    const outcome = await run(gateway.charge(request(JSON.stringify(applePayTestToken('Visa 0002')))));
    expect(outcome).toMatchObject({
      status: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  test('a token call rate limited is retried as adapters/stripe/call.ts says', async () => {
    standIn.rateLimitNext(2);
    const outcome = await run(gateway.charge(request(JSON.stringify(applePayTestToken('Visa 4242')))));
    expect(outcome.status).toBe('succeeded');
    expect(standIn.calls('POST', '/v1/tokens').filter((c) => c.status === 429)).toHaveLength(2);
  });
});
