import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applePayTestToken } from '../apple-pay/payment-token.ts';
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
    // As Stripe does: the intent, its client secret and how the redirect went.
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://foyer.test/checkout/payment');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: pi.id,
      payment_intent_client_secret: pi.client_secret,
      redirect_status: 'succeeded',
    });
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

  describe('Afterpay confirmed by Stripe.js (confirmAfterpayClearpayPayment)', () => {
    const afterpayIntent = () =>
      stripe.paymentIntents.create({
        amount: 4000,
        currency: 'usd',
        allowed_payment_method_types: ['afterpay_clearpay'],
        capture_method: 'manual',
        shipping: { name: 'Ada Lovelace', address: { line1: '1 Analytical Row', country: 'US' } },
      });
    const confirm = (pi: Stripe.PaymentIntent, extra: Record<string, string> = {}) =>
      fetch(`${standIn.url}/v1/payment_intents/${pi.id}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({
          key: 'pk_test_foyer',
          client_secret: pi.client_secret!,
          'payment_method_data[type]': 'afterpay_clearpay',
          'payment_method_data[billing_details][name]': 'Ada Lovelace',
          'payment_method_data[billing_details][email]': 'ada@example.com',
          'payment_method_data[billing_details][address][line1]': '1 Analytical Row',
          'payment_method_data[billing_details][address][country]': 'US',
          return_url: 'https://foyer.test/checkout/afterPay',
          ...extra,
        }),
      });

    test('the buyer is sent to Afterpay, approves, and comes back with the intent authorised', async () => {
      const pi = await afterpayIntent();
      const confirmed = await confirm(pi);
      expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
      const shown = (await confirmed.json()) as Stripe.PaymentIntent;
      expect(shown).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
      expect(shown).not.toHaveProperty('metadata');
      const page = shown.next_action!.redirect_to_url!.url!;
      expect(page).toBe(`${standIn.url}/_test/afterpay/${pi.id}`);
      expect(await (await fetch(page)).text()).toContain('Afterpay test page');
      const res = await fetch(page, {
        method: 'POST',
        body: new URLSearchParams({ result: 'approve' }),
        redirect: 'manual',
      });
      const back = new URL(res.headers.get('location')!);
      expect(back.pathname).toBe('/checkout/afterPay');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        payment_intent: pi.id,
        payment_intent_client_secret: pi.client_secret,
        redirect_status: 'succeeded',
      });
      const after = await stripe.paymentIntents.retrieve(pi.id, {
        expand: ['latest_charge', 'payment_method'],
      });
      expect(after.status).toBe('requires_capture');
      expect(after.latest_charge).toMatchObject({ status: 'succeeded' });
      // The payment method is the one Stripe.js confirmed with, the buyer's details on it.
      expect(after.payment_method).toMatchObject({
        type: 'afterpay_clearpay',
        billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
      });
    });

    test("a decline on Afterpay's page comes back as failed, the intent wanting a payment method", async () => {
      const pi = await afterpayIntent();
      await confirm(pi);
      const res = await fetch(`${standIn.url}/_test/afterpay/${pi.id}`, {
        method: 'POST',
        body: new URLSearchParams({ result: 'fail' }),
        redirect: 'manual',
      });
      expect(new URL(res.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
      const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
      expect(after.status).toBe('requires_payment_method');
      expect(after.latest_charge).toMatchObject({ status: 'failed' });
    });

    test("refused without the client secret, the buyer's e-mail or a return URL", async () => {
      const pi = await afterpayIntent();
      expect((await confirm(pi, { client_secret: `${pi.id}_secret_guess` })).status).toBe(404);
      const noEmail = await confirm(pi, { 'payment_method_data[billing_details][email]': '' });
      expect(noEmail.status).toBe(400);
      expect(((await noEmail.json()) as { error: { param: string } }).error.param).toBe(
        'payment_method_data[billing_details][email]',
      );
      expect((await confirm(pi, { return_url: '' })).status).toBe(400);
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
      const card = await stripe.paymentIntents.create({ amount: 100, currency: 'usd' });
      expect((await confirm(card)).status).toBe(400);
    });
  });

  test('an Apple Pay token becomes a card token once usable; what is not Apple Pay data is refused', async () => {
    const wallet = applePayTestToken('Visa 0002');
    const params = {
      pk_token: JSON.stringify(wallet.paymentData),
      pk_token_instrument_name: 'Visa 0002',
      pk_token_payment_network: 'Visa',
      pk_token_transaction_id: wallet.transactionIdentifier,
    };
    const token = await stripe.tokens.create(params as Stripe.TokenCreateParams);
    expect(token).toMatchObject({ type: 'card', card: { brand: 'Visa', last4: '0002' } });
    const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: token.id } });
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '0002', wallet: { type: 'apple_pay' } });
    // The declining test card it stands for declines.
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', payment_method: pm.id, confirm: true }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    await expect(
      stripe.paymentMethods.create({ type: 'card', card: { token: token.id } }),
    ).rejects.toMatchObject({
      code: 'token_already_used',
    });
    await expect(
      stripe.tokens.create({ ...params, pk_token: '{"version":"EC_v1"}' } as Stripe.TokenCreateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'pk_token' });
  });
});
