import { printQueueOptionsOf } from './printing/print-options.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('gives working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEMO_DATA: true,
      WORKERS: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and coerces the values it is given', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/foyer',
      REDIS_URL: 'redis://cache:6379',
      PORT: '8080',
      WORKERS: 'false',
      BASKET_HOLD_MINUTES: '20',
    });
    expect(config).toMatchObject({ PORT: 8080, WORKERS: false, BASKET_HOLD_MINUTES: 20 });
  });

  it('takes a basket hold in minutes, decimals included, down to 0.05 (3 seconds)', () => {
    expect(loadConfig({}).BASKET_HOLD_MINUTES).toBe(15);
    expect(loadConfig({ BASKET_HOLD_MINUTES: '0.1' }).BASKET_HOLD_MINUTES * 60).toBe(6);
    expect(loadConfig({ BASKET_HOLD_MINUTES: '0.05' }).BASKET_HOLD_MINUTES * 60).toBe(3);
    expect(loadConfig({ BASKET_HOLD_MINUTES: '2.5' }).BASKET_HOLD_MINUTES).toBe(2.5);
    for (const bad of ['0', '0.04', '-1', '241', 'soon'])
      expect(() => loadConfig({ BASKET_HOLD_MINUTES: bad })).toThrow(
        /^Invalid configuration: BASKET_HOLD_MINUTES /,
      );
  });

  it('keeps every accepted hold to whole seconds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 240, noNaN: true }), (minutes) => {
        const seconds = loadConfig({ BASKET_HOLD_MINUTES: String(minutes) }).BASKET_HOLD_MINUTES * 60;
        expect(Math.abs(seconds - Math.round(seconds))).toBeLessThan(1e-9);
        expect(Math.abs(seconds - minutes * 60)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty', /^Invalid configuration: PORT /],
    ['PORT', '70000', /^Invalid configuration: PORT /],
    [
      'DATABASE_URL',
      'mysql://x@y/z',
      /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:/,
    ],
    ['REDIS_URL', 'not a url', /^Invalid configuration: REDIS_URL /],
    ['SESSION_SECRET', 'short', /^Invalid configuration: SESSION_SECRET must be at least 32 characters/],
    ['STRIPE_SECRET_KEY', 'pk_test_abc', /^Invalid configuration: STRIPE_SECRET_KEY /],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL /],
    ['WORKERS', 'maybe', /^Invalid configuration: WORKERS /],
  ])('stops with one line naming %s when it is %j', (name, value, message) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('accepts every valid port and rejects every invalid one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (port) => {
        const ok = port >= 0 && port <= 65535;
        if (ok) expect(loadConfig({ PORT: String(port) }).PORT).toBe(port);
        else expect(() => loadConfig({ PORT: String(port) })).toThrow(/PORT/);
      }),
    );
  });

  it('takes the robot check only as a complete set, from a provider it knows', () => {
    expect(loadConfig({}).CAPTCHA_PROVIDER).toBeUndefined();
    expect(
      loadConfig({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret' })
        .CAPTCHA_PROVIDER,
    ).toBe('turnstile');
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site' })).toThrow(
      /CAPTCHA_SECRET_KEY must be set together with/,
    );
    expect(() =>
      loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret' }),
    ).toThrow(/CAPTCHA_PROVIDER/);
  });

  it('takes PayPal and WorldPay settings only as complete sets, naming what is missing', () => {
    expect(loadConfig({}).PAYPAL_CLIENT_ID).toBeUndefined();
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }).PAYPAL_API_BASE).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      'Invalid configuration: PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID',
    );
    expect(() => loadConfig({ WORLDPAY_MAC_SECRET: 'm', WORLDPAY_MERCHANT_CODE: 'M' })).toThrow(
      /^Invalid configuration: WORLDPAY_XML_PASSWORD must be set together with/,
    );
    expect(() => loadConfig({ WORLDPAY_INSTALLATION_ID: 'abc' })).toThrow(
      'Invalid configuration: WORLDPAY_INSTALLATION_ID must be digits',
    );
  });

  it('takes the Stripe publishable key only with a secret key of the same mode', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' };
    expect(loadConfig(keys).STRIPE_PUBLISHABLE_KEY).toBe('pk_test_abc');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }).STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be set together with STRIPE_PUBLISHABLE_KEY \(web card payments/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(
      /^Invalid configuration: STRIPE_PUBLISHABLE_KEY must be a test key/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY must look like pk_test_... or pk_live_...',
    );
  });

  it('loads Stripe.js and the PayPal SDK from their own hosts unless a test points elsewhere', () => {
    expect(loadConfig({}).STRIPE_JS_URL).toBe('https://js.stripe.com/v3/');
    expect(loadConfig({}).PAYPAL_SDK_URL).toBe('https://www.paypal.com/sdk/js');
    expect(loadConfig({ STRIPE_JS_URL: 'http://127.0.0.1:4010/v3/' }).STRIPE_JS_URL).toBe(
      'http://127.0.0.1:4010/v3/',
    );
    expect(() => loadConfig({ PAYPAL_SDK_URL: 'javascript:alert(1)' })).toThrow(
      /^Invalid configuration: PAYPAL_SDK_URL/,
    );
  });

  it('shows the outbox page to this computer only unless told otherwise', () => {
    expect(loadConfig({}).OUTBOX_PAGE).toBe('loopback');
    expect(loadConfig({ OUTBOX_PAGE: 'open' }).OUTBOX_PAGE).toBe('open');
    expect(() => loadConfig({ OUTBOX_PAGE: 'everyone' })).toThrow(/^Invalid configuration: OUTBOX_PAGE/);
  });

  it('reads how print runs wait, leaving unset ones to the print runner, and names a bad one', () => {
    const config = loadConfig({ PRINT_TICKET_DELAY_MS: '0', PRINT_FAULT_WAIT_MS: '300' });
    expect(printQueueOptionsOf(config)).toEqual({ ticketDelayMs: 0, faultWaitMs: 300 });
    expect(printQueueOptionsOf(loadConfig({}))).toEqual({});
    expect(() => loadConfig({ PRINT_ACK_TIMEOUT_MS: '0' })).toThrow(
      /^Invalid configuration: PRINT_ACK_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ PRINT_TICKET_DELAY_MS: 'soon' })).toThrow(
      /^Invalid configuration: PRINT_TICKET_DELAY_MS/,
    );
  });
});
