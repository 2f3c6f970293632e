import { Effect } from 'effect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { stripeClient } from './client.ts';
import { makeStripeGateway } from './gateway.ts';

// How adapters/wiring.ts chooses the card gateway: a Stripe client only with STRIPE_SECRET_KEY,
// and the gateway made from that one client.

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

describe('choosing the Stripe gateway from the configuration', () => {
  test('no STRIPE_SECRET_KEY: no Stripe gateway (the offline processor takes cards)', () => {
    expect(stripeClient(loadConfig({}))).toBeNull();
  });

  test('STRIPE_API_HOST/PORT/PROTOCOL point the gateway at a stand-in', async () => {
    const config = loadConfig(standIn.env);
    const gateway = makeStripeGateway(stripeClient(config)!);
    expect(gateway.name).toBe('Stripe');
    expect(await Effect.runPromise(gateway.retrieve('pi_unknown'))).toBeNull();
    expect(standIn.calls('GET', '/v1/payment_intents/pi_unknown')).toHaveLength(1);
  });

  test('a bad value stops start-up naming the variable', () => {
    expect(() => loadConfig({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
