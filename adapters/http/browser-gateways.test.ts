import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../test/api-server.ts';
import { loadConfig } from '../config.ts';
import { browserGatewaysOf } from './browser-gateways.ts';
import { contentSecurityPolicy } from './security-headers.ts';

// What the payment page is told about Stripe.js and the PayPal SDK, and the headers that let
// exactly those scripts (and their frames and calls) in, only while the gateway is configured.

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );

/** The storefront page's own inline script is allowed by hash when web/dist is built (server.test.ts). */
const withoutPageHashes = (sources: readonly string[] = []) =>
  sources.filter((s) => !s.startsWith("'sha256-"));

const gatewayEnv = {
  STRIPE_SECRET_KEY: 'sk_test_foyer',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: '4011',
  STRIPE_API_PROTOCOL: 'http',
  STRIPE_JS_URL: 'http://127.0.0.1:4011/v3/',
  PAYPAL_CLIENT_ID: 'paypal-client',
  PAYPAL_CLIENT_SECRET: 'paypal-secret',
  PAYPAL_API_BASE: 'http://127.0.0.1:4012',
  PAYPAL_SDK_URL: 'http://127.0.0.1:4012/sdk/js',
  // Merchant validation configured (the files are read only when a session is validated).
  APPLE_PAY_MERCHANT_ID: 'merchant.test.foyer',
  APPLE_PAY_CERT_FILE: '/nonexistent/merchant.crt',
  APPLE_PAY_KEY_FILE: '/nonexistent/merchant.key',
  APPLE_PAY_DOMAIN: 'foyer.test',
};

describe('the payment gateways in the browser', () => {
  let plain: TestApi;
  let gateways: TestApi;
  beforeAll(async () => {
    [plain, gateways] = await Promise.all([createTestApi(), createTestApi({ env: gatewayEnv })]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), gateways?.close()]);
  });

  test('without gateways the policy stays strict: own scripts, calls and frames only, same-origin opener', async () => {
    const res = await plain.server.inject('/checkout/payment');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(withoutPageHashes(csp['script-src'])).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://localhost:*', 'https://127.0.0.1:*']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['frame-src']).toBeUndefined(); // default-src 'self'
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const types = JSON.parse((await plain.server.inject('/api/paymentmethods/consumerPaymentTypes')).payload);
    // Only the offline card: no Apple Pay without its merchant validation configured.
    expect(types).toEqual([expect.objectContaining({ PaymentType: 'CreditCard', Processor: 'Offline' })]);
    expect(types).toEqual([expect.not.objectContaining({ ScriptUrl: expect.anything() })]);
  });

  test('with Stripe and PayPal configured, their script, frame and call origins are allowed, errors included', async () => {
    for (const url of ['/checkout/payment', '/api/no-such-thing']) {
      const res = await gateways.server.inject(url);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(withoutPageHashes(csp['script-src'])).toEqual([
        "'self'",
        'http://127.0.0.1:4011',
        'http://127.0.0.1:4012',
      ]);
      expect(csp['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4011', 'http://127.0.0.1:4012']);
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://localhost:*',
        'https://127.0.0.1:*',
        'http://127.0.0.1:4011',
        'http://127.0.0.1:4012',
      ]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:4012']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  test('consumerPaymentTypes tells the page which script to load for the Stripe card and for PayPal', async () => {
    const res = await gateways.server.inject('/api/paymentmethods/consumerPaymentTypes');
    expect(res.statusCode).toBe(200);
    const types = JSON.parse(res.payload) as Record<string, unknown>[];
    expect(types.find((t) => t.PaymentType === 'CreditCard')).toMatchObject({
      Processor: 'Stripe',
      ScriptUrl: 'http://127.0.0.1:4011/v3/',
      PublishableKey: 'pk_test_foyer',
    });
    // Afterpay: Stripe.js hands the buyer to Afterpay's page (confirmAfterpayClearpayPayment).
    expect(types.find((t) => t.PaymentType === 'Afterpay')).toMatchObject({
      Processor: 'Stripe',
      ScriptUrl: 'http://127.0.0.1:4011/v3/',
      PublishableKey: 'pk_test_foyer',
    });
    expect(types.find((t) => t.PaymentType === 'PayPal')).toMatchObject({
      ScriptUrl: 'http://127.0.0.1:4012/sdk/js',
      ClientId: 'paypal-client',
    });
    // Apple Pay is offered (merchant validation configured): the wallet button loads no script.
    expect(types.find((t) => t.PaymentType === 'ApplePay')).toEqual({
      PaymentMethodId: expect.any(Number),
      PaymentType: 'ApplePay',
      PaymentMethodName: 'Apple Pay',
      Processor: 'Stripe',
    });
    // Never a secret.
    expect(res.payload).not.toMatch(/sk_test_foyer|paypal-secret/);
  });
});

describe('contentSecurityPolicy', () => {
  test("allows Stripe's and PayPal's real hosts as their guides list them", () => {
    const csp = directives(
      contentSecurityPolicy(
        browserGatewaysOf(
          loadConfig({
            STRIPE_SECRET_KEY: 'sk_live_x',
            STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
            PAYPAL_CLIENT_ID: 'id',
            PAYPAL_CLIENT_SECRET: 'secret',
          }),
        ),
      ),
    );
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://localhost:*',
      'https://127.0.0.1:*',
      'https://api.stripe.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
  });

  test('a Stripe secret key without the publishable key loads no Stripe.js and allows nothing more', () => {
    const gateways = browserGatewaysOf(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }));
    expect(gateways.stripe).toBeNull();
    expect(contentSecurityPolicy(gateways)).not.toContain('stripe');
  });
  test("allows the robot check's provider: reCAPTCHA's Google hosts, or Turnstile's, and nothing when unset", () => {
    const keys = { CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret' };
    const recaptcha = contentSecurityPolicy(
      browserGatewaysOf(loadConfig({ ...keys, CAPTCHA_PROVIDER: 'recaptcha' })),
    );
    expect(recaptcha).toMatch(/script-src [^;]*https:\/\/www\.google\.com [^;]*https:\/\/www\.gstatic\.com/);
    expect(recaptcha).toMatch(/frame-src [^;]*https:\/\/recaptcha\.google\.com/);
    const turnstile = contentSecurityPolicy(
      browserGatewaysOf(loadConfig({ ...keys, CAPTCHA_PROVIDER: 'turnstile' })),
    );
    expect(turnstile).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(turnstile).not.toContain('google');
    expect(contentSecurityPolicy(browserGatewaysOf(loadConfig({})))).not.toMatch(/google|cloudflare/);
  });
});
