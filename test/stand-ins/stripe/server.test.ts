import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseForm } from './form.ts';
import { startStripeStandIn, type StripeStandIn } from './server.ts';

// The stand-in's own behaviour beyond what the gateway tests use: the buyer's pages for
// browser tests, key checks, and the form decoding of the SDK's bodies.

let standIn: StripeStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new Stripe('sk_test_foyer', standIn.sdkOptions);
});
afterAll(async () => {
  await standIn?.close();
});

describe('the Stripe stand-in', () => {
  test('decodes bracketed form fields as Stripe does', () => {
    expect(
      parseForm('a=1&metadata[k%20x]=v%26w&expand[0]=x&expand[1]=y&shipping[address][line1]=1%20Main'),
    ).toEqual({
      a: '1',
      metadata: { 'k x': 'v&w' },
      expand: ['x', 'y'],
      shipping: { address: { line1: '1 Main' } },
    });
  });

  test('the 3-D Secure page completes the payment and returns the buyer to the return URL', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: 'https://foyer.test/checkout/payment',
    });
    expect(pi.status).toBe('requires_action');
    const url = pi.next_action!.redirect_to_url!.url!;
    expect((await fetch(url)).status).toBe(200);
    const res = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ result: 'succeed' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://foyer.test/checkout/payment?payment_intent=${pi.id}`);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  test('a request without a test secret key is refused', async () => {
    const live = new Stripe('sk_live_nope', standIn.sdkOptions);
    await expect(live.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  test('a used idempotency key with other parameters is an idempotency error', async () => {
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'same-key-0001' });
    await expect(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'same-key-0001' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
