import type { Config } from '../config.ts';
import { stripeClient } from './client.ts';
import { makeStripeGateway, type StripeGateway, type StripeGatewayOptions } from './gateway.ts';

/**
 * The card gateway when STRIPE_SECRET_KEY is set, else null (the offline test processor takes
 * cards). adapters/wiring.ts makes its one client and the gateway from it the same way.
 */
export const stripeGateway = (config: Config, options: StripeGatewayOptions = {}): StripeGateway | null => {
  const stripe = stripeClient(config);
  return stripe ? makeStripeGateway(stripe, options) : null;
};
