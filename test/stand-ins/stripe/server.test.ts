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

  test('with the publishable key, Stripe.js makes a card the secret key can charge, and may do nothing else', async () => {
    const script = await fetch(`${standIn.url}/v3/`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.Stripe = function Stripe');
    const made = await fetch(`${standIn.url}/v1/payment_methods`, {
      method: 'POST',
      body: new URLSearchParams({
        key: 'pk_test_foyer',
        type: 'card',
        'card[number]': '4000002500003155',
        'card[exp_month]': '12',
        'card[exp_year]': '2040',
        'card[cvc]': '123',
        'billing_details[name]': 'Ada Lovelace',
      }),
    });
    const pm = (await made.json()) as { id: string; card: { last4: string; brand: string } };
    expect(pm.card).toMatchObject({ last4: '3155', brand: 'visa' });
    const pi = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'usd',
      payment_method: pm.id,
      confirm: true,
    });
    expect(pi.status).toBe('requires_action');
    // The client secret reads the intent (with CORS, from the merchant's page); nothing else does.
    const read = await fetch(
      `${standIn.url}/v1/payment_intents/${pi.id}?key=pk_test_foyer&client_secret=${pi.client_secret}`,
    );
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(await read.json()).toMatchObject({ id: pi.id, status: 'requires_action' });
    expect((await fetch(`${standIn.url}/v1/payment_intents/${pi.id}?key=pk_test_foyer`)).status).toBe(404);
    const create = await fetch(`${standIn.url}/v1/payment_intents`, {
      method: 'POST',
      body: new URLSearchParams({ key: 'pk_test_foyer', amount: '100', currency: 'usd' }),
    });
    expect(create.status).toBe(404);
  });
});
