import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplePayStandIn, type ApplePayStandIn } from '../../test/stand-ins/apple-pay/server.ts';
import { startPayPalStandIn, type PayPalStandIn } from '../../test/stand-ins/paypal/server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import {
  atPaymentWithOneSeat,
  confirmationOf,
  fillDetails,
  pay,
  reachPayment,
  serverBasket,
  settledAnimations,
} from './checkout-page.ts';
import { applePayLog, authorizeApplePay, fakeApplePayDevice, sessionCalled } from './apple-pay-device.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats, upcomingDates } from './seat-map-page.ts';

// The payment page with the real gateways' browser scripts, in Chromium: Foyer takes cards,
// Afterpay and Apple Pay through Stripe (the `stripe` SDK against the Stripe stand-in) and PayPal
// (the PayPal stand-in); the page loads the stand-ins' Stripe.js and PayPal SDK look-alikes from
// STRIPE_JS_URL and PAYPAL_SDK_URL. Apple Pay's merchant validation goes to a stand-in of Apple's
// gateway, and a page that should be on a device that can pay gets a stand-in ApplePaySession
// (apple-pay-device.ts). No bypassCSP: the server's Content-Security-Policy must let exactly
// the gateways in.

const PAYPAL = { clientId: 'foyer-paypal-client', clientSecret: 'foyer-paypal-secret' };

/** Stripe's card Element: the fields live in the stand-in's frame, not in our page. */
const cardFrame = (page: Page) => page.frameLocator('[data-testid="stripe-card"] iframe');

const fillStripeCard = async (page: Page, number: string) => {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date MM / YY').pressSequentially('1234');
  await frame.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

/** Everything the page sent to Foyer, and every CSP complaint in the console. */
const watch = (page: Page, baseUrl: string) => {
  const sent: { url: string; body: string }[] = [];
  const blocked: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(baseUrl)) sent.push({ url: r.url(), body: r.postData() ?? '' });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  const checkouts = () =>
    sent
      .filter((r) => new URL(r.url).pathname === '/api/checkout')
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);
  return { sent, blocked, checkouts };
};

describe('checkout through Stripe and PayPal in Chromium', () => {
  let stripe: StripeStandIn;
  let paypal: PayPalStandIn;
  let apple: ApplePayStandIn;
  let foyer: FoyerUnderTest;
  let dates: Awaited<ReturnType<typeof upcomingDates>>;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    paypal = await startPayPalStandIn(PAYPAL);
    apple = await startApplePayStandIn({ displayName: 'Foyer Theatre' });
    foyer = await startFoyerUnderTest({
      env: {
        ...apple.env,
        ...stripe.env,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer',
        STRIPE_JS_URL: `${stripe.url}/v3/`,
        PAYPAL_CLIENT_ID: PAYPAL.clientId,
        PAYPAL_CLIENT_SECRET: PAYPAL.clientSecret,
        PAYPAL_API_BASE: paypal.url,
        PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
      },
    });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
  });

  afterAll(async () => {
    await foyer?.stop();
    await stripe?.close();
    await paypal?.close();
    await apple?.close();
  });

  it('pays by card through Stripe.js: the card stays in Stripe’s frame, the checkout gets the payment method', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[2]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await reachPayment(
      page,
      foyer.baseUrl,
      p,
      plainOpenSeats(p, 2).map((s) => s.Key),
    );
    const basket = await serverBasket(page);
    await fillDetails(page);
    // Apple Pay is offered, but this browser has no ApplePaySession: no wallet button.
    expect(await page.getByRole('button', { name: 'Pay with Apple Pay' }).count()).toBe(0);

    // An incomplete card: Stripe's code becomes our field error, nothing is sent to Foyer.
    await cardFrame(page).getByLabel('Card number').fill('4242 4242');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await pay(page);
    await page.getByText('Your card number is incomplete.').waitFor();
    expect(seen.checkouts()).toHaveLength(0);

    await cardFrame(page).getByLabel('Card number').fill('');
    await fillStripeCard(page, '4242 4242 4242 4242');
    await page.getByText('Your card number is incomplete.').waitFor({ state: 'detached' });
    await page.getByTestId('stripe-card').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-checkout-stripe-card.png', fullPage: true });
    // The card number is in no field of our page.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('input')].some((i) => i.value.includes('4242')),
      ),
    ).toBe(false);

    await pay(page);
    const order = await confirmationOf(page);
    expect(order.Total).toBe(basket.Total);
    expect(order.TicketItems).toHaveLength(2);
    expect(order.Payment).toMatchObject({ PaymentType: 'CreditCard', CardBrand: 'Visa', CCLast4: '4242' });
    const [checkout, ...more] = seen.checkouts();
    expect(more).toHaveLength(0);
    expect(checkout).toMatchObject({ PaymentType: 'CreditCard', CardBrand: 'Visa', CCLast4: '4242' });
    expect(checkout!.Token).toMatch(/^pm_/);
    expect(seen.sent.some((r) => r.body.replace(/\s/g, '').includes('4242424242424242'))).toBe(false);
    // Stripe was paid once, through the stand-in, with the payment method the browser made.
    const intent = [...stripe.model.intents.values()].find(
      (pi) => pi.metadata.idempotency_key === checkout!.IdempotencyKey,
    );
    expect(intent).toMatchObject({ status: 'succeeded', amount: basket.Total });
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('shows the declined modal for a Stripe decline and stays on the payment page with the basket', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await fillStripeCard(page, '4000 0000 0000 0002');
    await pay(page);
    const modal = page.getByRole('alertdialog', { name: 'Your card was declined' });
    await modal.waitFor();
    expect(await page.getByTestId('payment-problem').innerText()).toBe('Your card was declined.');
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-checkout-stripe-declined.png' });
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/checkout/payment');
    expect((await serverBasket(page)).TicketItems).toHaveLength(1);
    expect(seen.checkouts()).toHaveLength(1);
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('authenticates with 3-D Secure in Stripe’s frame, resubmits with the same key and confirms', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[4]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await fillStripeCard(page, '4000 0025 0000 3155');
    await pay(page);
    const bank = page.frameLocator('iframe[title="3D Secure authentication frame"]');
    await bank.getByRole('heading', { name: '3-D Secure test page' }).waitFor();
    await page.screenshot({ path: '/tmp/foyer-checkout-stripe-3ds.png' });
    await bank.getByRole('button', { name: 'Complete' }).click();

    const order = await confirmationOf(page);
    expect(order.Payment).toMatchObject({ CardBrand: 'Visa', CCLast4: '3155' });
    const [first, second, ...more] = seen.checkouts();
    expect(more).toHaveLength(0);
    expect(second!.IdempotencyKey).toBe(first!.IdempotencyKey);
    expect(second!.PaymentIntentId).toMatch(/^pi_/);
    expect(stripe.model.intents.get(second!.PaymentIntentId as string)?.status).toBe('succeeded');
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('pays with PayPal: the button makes the order, the buyer approves, the checkout captures it', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[5]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await reachPayment(
      page,
      foyer.baseUrl,
      p,
      plainOpenSeats(p, 1).map((s) => s.Key),
    );
    const basket = await serverBasket(page);
    await page.getByRole('radio', { name: /^PayPal/ }).check();
    const button = page.getByRole('button', { name: 'PayPal', exact: true });
    await button.waitFor();

    // The form is checked first: nothing is made at PayPal with an empty form.
    await button.click();
    await page.getByText('First name is required.').waitFor();
    expect(paypal.orders.size).toBe(0);
    // The page moves the focus to the first invalid field 500 ms after a refused click: let it land
    // before typing, or the address typed next could end up in First name.
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-FirstName');

    await fillDetails(page);
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-checkout-paypal-button.png', fullPage: true });
    await button.click();
    const order = await confirmationOf(page);
    expect(order.Payment.PaymentType).toBe('PayPal');
    expect(order.Total).toBe(basket.Total);
    const [checkout, ...more] = seen.checkouts();
    expect(more).toHaveLength(0);
    expect(checkout).toMatchObject({ PaymentType: 'PayPal', PayPalOrderId: expect.any(String) });
    expect(paypal.captureCount(checkout!.PayPalOrderId as string)).toBe(1);
    expect(paypal.orders.get(checkout!.PayPalOrderId as string)?.status).toBe('COMPLETED');
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('pays with Afterpay: Stripe.js hands the buyer to Afterpay, the return captures the payment and confirms', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[6]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    const basket = await serverBasket(page);
    await page.getByRole('radio', { name: /^Afterpay/ }).check();
    await page.screenshot({ path: '/tmp/foyer-checkout-afterpay-choice.png', fullPage: true });
    await page.getByRole('button', { name: 'Continue with Afterpay' }).click();

    // Afterpay's page (the stand-in's), reached the way Stripe.js sends a buyer there.
    await page.waitForURL((url) => url.pathname.startsWith('/_test/afterpay/'));
    await page.getByRole('heading', { name: 'Afterpay test page' }).waitFor();
    await page.screenshot({ path: '/tmp/foyer-checkout-afterpay-handoff.png' });
    const intentId = new URL(page.url()).pathname.split('/').pop()!;
    const intent = stripe.model.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: basket.Total,
      status: 'requires_action',
      capture_method: 'manual',
    });
    expect(stripe.model.methods.get(intent.payment_method!)?.billing_details).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: { line1: '1 Analytical Row', city: 'Springfield', postal_code: '62701', country: 'US' },
    });
    await page.getByRole('button', { name: 'Complete' }).click();

    const order = await confirmationOf(page);
    expect(order.Payment).toMatchObject({ PaymentType: 'Afterpay', Amount: basket.Total });
    expect(order.TicketItems).toHaveLength(1);
    const [checkout, ...more] = seen.checkouts();
    expect(more).toHaveLength(0);
    // The attempt the intent was made for, completed with that intent: captured once.
    expect(checkout).toMatchObject({
      PaymentType: 'Afterpay',
      PaymentIntentId: intentId,
      IdempotencyKey: intent.metadata.idempotency_key,
    });
    expect(stripe.model.intents.get(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: basket.Total,
    });
    expect(stripe.calls('POST', `/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('comes back from an Afterpay decline to the payment page with the payment error, the basket kept', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[7]!);
    const page = await foyer.openPage();
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await page.getByRole('radio', { name: /^Afterpay/ }).check();
    await page.getByRole('button', { name: 'Continue with Afterpay' }).click();
    await page.getByRole('heading', { name: 'Afterpay test page' }).waitFor();
    const intentId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Fail' }).click();

    await page.waitForURL((url) => url.pathname === '/checkout/payment');
    const modal = page.getByRole('alertdialog', { name: 'Payment error' });
    await modal.waitFor();
    expect(await page.getByTestId('payment-problem').innerText()).toBe(
      'There was a problem processing your payment. Nothing has been charged; please try again.',
    );
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await serverBasket(page)).TicketItems).toHaveLength(1);
    // The declined intent was read, never captured, and no order was asked for.
    expect(seen.sent.some((r) => r.url.includes(`/api/afterpay/getPaymentIntent?`))).toBe(true);
    expect(seen.checkouts()).toHaveLength(0);
    expect(stripe.model.intents.get(intentId)?.status).toBe('requires_payment_method');
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('pays with Apple Pay on a device that can: merchant validation, the wallet’s token to Stripe, confirmation', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[8]!);
    const page = await foyer.openPage();
    await fakeApplePayDevice(page, { displayName: 'Visa 4242', network: 'Visa' });
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    const basket = await serverBasket(page);
    const wallet = page.getByRole('button', { name: 'Pay with Apple Pay' });
    await wallet.waitFor();
    await wallet.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-checkout-apple-pay-button.png', fullPage: true });
    const validations = apple.received.length;
    await wallet.click();

    // The sheet (version 3, visa, masterCard, amex, discover) and the
    // merchant validation by our server, with the merchant identity certificate.
    await sessionCalled(page, 'completeMerchantValidation');
    const [created] = await applePayLog(page);
    expect(created).toEqual({
      call: 'new',
      detail: {
        version: 3,
        request: {
          countryCode: 'US',
          currencyCode: basket.IsoCurrencyCode,
          supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
          merchantCapabilities: ['supports3DS'],
          total: { label: expect.any(String), amount: (basket.Total / 100).toFixed(2) },
        },
      },
    });
    expect(apple.received.slice(validations)).toEqual([
      {
        path: '/paymentservices/startSession',
        clientCert: apple.merchantId,
        body: {
          merchantIdentifier: apple.merchantId,
          displayName: 'Foyer Theatre',
          initiative: 'web',
          initiativeContext: '127.0.0.1',
        },
      },
    ]);
    expect(seen.checkouts()).toHaveLength(0);

    await authorizeApplePay(page);
    const order = await confirmationOf(page);
    expect(order.Total).toBe(basket.Total);
    expect(order.Payment).toMatchObject({ PaymentType: 'ApplePay', CardBrand: 'Visa', CCLast4: '4242' });
    const log = await applePayLog(page);
    expect(log.map((e) => e.call)).toEqual([
      'new',
      'begin',
      'completeMerchantValidation',
      'authorized',
      'completePayment',
    ]);
    expect(log.at(-1)!.detail).toBe(0); // STATUS_SUCCESS
    // The checkout sent Apple's token whole; Stripe was handed it as pk_token and charged once.
    const token = log.find((e) => e.call === 'authorized')!.detail as {
      paymentData: unknown;
      transactionIdentifier: string;
    };
    const [checkout, ...more] = seen.checkouts();
    expect(more).toHaveLength(0);
    expect(checkout!.PaymentType).toBe('ApplePay');
    expect(JSON.parse(checkout!.Token as string)).toEqual(token);
    const sent = stripe
      .calls('POST', '/v1/tokens')
      .find((c) => c.params.pk_token_transaction_id === token.transactionIdentifier);
    expect(sent?.params.pk_token).toBe(JSON.stringify(token.paymentData));
    const intent = [...stripe.model.intents.values()].find(
      (pi) => pi.metadata.idempotency_key === checkout!.IdempotencyKey,
    );
    expect(intent).toMatchObject({ status: 'succeeded', amount: basket.Total });
    expect(seen.blocked).toEqual([]);
    await page.context().close();
  });

  it('aborts the Apple Pay session when merchant validation fails and shows the catalogue’s message', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[9]!);
    const page = await foyer.openPage();
    await fakeApplePayDevice(page, { displayName: 'Visa 4242', network: 'Visa' });
    const seen = watch(page, foyer.baseUrl);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    apple.refuseNext();
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();

    const modal = page.getByRole('alertdialog', { name: 'Payment error' });
    await modal.waitFor();
    expect(await page.getByTestId('payment-problem').innerText()).toBe(
      'Apple Pay merchant validation has failed. Please use a different payment method.',
    );
    expect((await applePayLog(page)).map((e) => e.call)).toEqual(['new', 'begin', 'abort']);
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-checkout-apple-pay-validation-failed.png' });
    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/checkout/payment');
    expect((await serverBasket(page)).TicketItems).toHaveLength(1);
    expect(seen.checkouts()).toHaveLength(0);
    // The wallet can be tried again.
    expect(await page.getByRole('button', { name: 'Pay with Apple Pay' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
