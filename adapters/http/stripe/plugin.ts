import type { Plugin } from '@hapi/hapi';
import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { StripeCall } from '../../stripe/call.ts';
import type { StripeIntentMirror } from '../../stripe/intent-mirror.ts';
import type { AppRuntime } from '../../wiring.ts';
import { afterpayRoutes } from './afterpay.ts';
import { applePayRoute, type ApplePayOptions } from './apple-pay.ts';
import { webhookRoute } from './webhook.ts';
import { Effect } from 'effect';
import { confirmGatewayRefund } from '../../../core/orders/refunds/refund-order.ts';

// The Stripe-side routes: the webhook, Apple Pay merchant validation, Afterpay/Clearpay.
// Without STRIPE_SECRET_KEY they answer that the payment method is not available.

export interface StripePluginOptions {
  readonly config: Config;
  readonly runtime: AppRuntime;
  /** The process's Stripe client (adapters/wiring.ts); null without STRIPE_SECRET_KEY. */
  readonly stripe: Stripe | null;
  /** Where the webhook's deliveries are recorded. */
  readonly mirror: StripeIntentMirror;
  readonly call?: StripeCall;
  /** Tests: send Apple's validation request to a local stand-in. */
  readonly applePay?: Pick<ApplePayOptions, 'endpointFor' | 'ca'>;
}

/** Test only: Apple's validation requests sent to a local stand-in (APPLE_PAY_VALIDATION_ORIGIN). */
const validationStandIn = (config: Config): Pick<ApplePayOptions, 'endpointFor' | 'ca'> => {
  const origin = config.APPLE_PAY_VALIDATION_ORIGIN;
  if (!origin) return {};
  return {
    endpointFor: (validationUrl) => new URL(`${validationUrl.pathname}${validationUrl.search}`, origin),
    ...(config.APPLE_PAY_VALIDATION_CA_FILE ? { ca: readFileSync(config.APPLE_PAY_VALIDATION_CA_FILE) } : {}),
  };
};

export const stripePlugin: Plugin<StripePluginOptions> = {
  name: 'foyer-stripe',
  register: (server, options) => {
    const { config } = options;
    const { stripe } = options;
    server.route([
      webhookRoute({
        mirror: options.mirror,
        stripe,
        secret: config.STRIPE_WEBHOOK_SECRET,
        onRefunds: (reports) =>
          options.runtime.runPromise(
            Effect.forEach(reports, (report) => confirmGatewayRefund({ gateway: 'Stripe', ...report }), {
              discard: true,
            }),
          ),
      }),
      applePayRoute({
        merchantId: config.APPLE_PAY_MERCHANT_ID,
        certFile: config.APPLE_PAY_CERT_FILE,
        keyFile: config.APPLE_PAY_KEY_FILE,
        domain: config.APPLE_PAY_DOMAIN,
        displayName: config.APPLE_PAY_DISPLAY_NAME,
        log: (detail) => server.log(['warn', 'applepay'], detail),
        ...validationStandIn(config),
        ...options.applePay,
      }),
      ...afterpayRoutes({ runtime: options.runtime, stripe, call: options.call }),
    ]);
  },
};
