import type { Config } from '../config.ts';

// What the payment page needs to talk to a payment gateway from the browser: Stripe.js with the
// account's publishable key, the PayPal JS SDK with the app's client id, and the origins the
// Content-Security-Policy must allow for them (derived from the configured URLs, so a test's
// local stand-ins are allowed exactly as the real hosts are). A gateway is here only while the
// server takes payments through it.

export interface StripeInBrowser {
  readonly publishableKey: string;
  readonly scriptUrl: string;
  /** Where Stripe.js sends the card (api.stripe.com, or the stand-in the server is pointed at). */
  readonly apiOrigin: string;
}

export interface PayPalInBrowser {
  readonly clientId: string;
  readonly scriptUrl: string;
}

/** The checkout's robot-check widget (adapters/captcha/siteverify.ts checks its answers). */
export interface CaptchaInBrowser {
  readonly provider: 'recaptcha' | 'turnstile';
  readonly siteKey: string;
}

export interface BrowserGateways {
  readonly stripe: StripeInBrowser | null;
  readonly paypal: PayPalInBrowser | null;
  readonly captcha?: CaptchaInBrowser | null;
  /**
   * Apple Pay's merchant validation is configured (merchant id, identity certificate and key,
   * domain): without it no Apple Pay sheet can open, so the wallet is not offered.
   */
  readonly applePay?: boolean;
}

export const browserGatewaysOf = (config: Config): BrowserGateways => ({
  stripe:
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
      ? {
          publishableKey: config.STRIPE_PUBLISHABLE_KEY,
          scriptUrl: config.STRIPE_JS_URL,
          apiOrigin: config.STRIPE_API_HOST
            ? new URL(
                `${config.STRIPE_API_PROTOCOL ?? 'https'}://${config.STRIPE_API_HOST}${
                  config.STRIPE_API_PORT ? `:${config.STRIPE_API_PORT}` : ''
                }`,
              ).origin
            : 'https://api.stripe.com',
        }
      : null,
  paypal:
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? { clientId: config.PAYPAL_CLIENT_ID, scriptUrl: config.PAYPAL_SDK_URL }
      : null,
  captcha:
    config.CAPTCHA_PROVIDER && config.CAPTCHA_SITE_KEY && config.CAPTCHA_SECRET_KEY
      ? { provider: config.CAPTCHA_PROVIDER, siteKey: config.CAPTCHA_SITE_KEY }
      : null,
  applePay: Boolean(
    config.APPLE_PAY_MERCHANT_ID &&
    config.APPLE_PAY_CERT_FILE &&
    config.APPLE_PAY_KEY_FILE &&
    config.APPLE_PAY_DOMAIN,
  ),
});

export interface PolicySources {
  readonly script: readonly string[];
  readonly frame: readonly string[];
  readonly connect: readonly string[];
  readonly img: readonly string[];
}

const none: PolicySources = { script: [], frame: [], connect: [], img: [] };

/**
 * The sources each gateway's script needs. Stripe (docs.stripe.com/security/guide, CSP):
 * script and frames from js.stripe.com, 3-D Secure frames from hooks.stripe.com, calls to
 * api.stripe.com. PayPal (developer.paypal.com/sdk/js/best-practices): *.paypal.com and
 * *.paypalobjects.com for scripts, frames, calls and images. A stand-in host is allowed by its
 * own origin only.
 */
export const policySourcesOf = (gateways: BrowserGateways): PolicySources => {
  const sources = {
    script: [...none.script],
    frame: [...none.frame],
    connect: [...none.connect],
    img: [...none.img],
  };
  if (gateways.stripe) {
    const script = new URL(gateways.stripe.scriptUrl).origin;
    sources.script.push(script);
    sources.frame.push(script);
    if (script === 'https://js.stripe.com') sources.frame.push('https://hooks.stripe.com');
    sources.connect.push(gateways.stripe.apiOrigin);
  }
  if (gateways.paypal) {
    const url = new URL(gateways.paypal.scriptUrl);
    const hosts =
      url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'))
        ? ['https://*.paypal.com', 'https://*.paypalobjects.com']
        : [url.origin];
    sources.script.push(...hosts);
    sources.frame.push(...hosts);
    sources.connect.push(...hosts);
    sources.img.push(...hosts);
  }
  // reCAPTCHA (developers.google.com/recaptcha/docs/faq, CSP): its script from www.google.com
  // and www.gstatic.com, its challenge in frames from www.google.com and recaptcha.google.com.
  // Turnstile (developers.cloudflare.com/turnstile, CSP): script and frame from challenges.cloudflare.com.
  if (gateways.captcha?.provider === 'recaptcha') {
    sources.script.push('https://www.google.com', 'https://www.gstatic.com');
    sources.frame.push('https://www.google.com', 'https://recaptcha.google.com');
  }
  if (gateways.captcha?.provider === 'turnstile') {
    sources.script.push('https://challenges.cloudflare.com');
    sources.frame.push('https://challenges.cloudflare.com');
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    script: unique(sources.script),
    frame: unique(sources.frame),
    connect: unique(sources.connect),
    img: unique(sources.img),
  };
};
