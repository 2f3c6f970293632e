import Stripe from 'stripe';
import type { Config } from '../config.ts';

// One Stripe client per process. STRIPE_API_HOST/PORT/PROTOCOL point it at a local stand-in
// (tests only). The SDK's own retries are off: our Schedule (call.ts) is the one retry policy,
// so a 429 is retried exactly as call.ts says and never twice over.
export const stripeClient = (config: Config): Stripe | null =>
  config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        maxNetworkRetries: 0,
        timeout: 30_000,
        telemetry: false,
        appInfo: { name: 'Foyer' },
        ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
        ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
        ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
      })
    : null;
