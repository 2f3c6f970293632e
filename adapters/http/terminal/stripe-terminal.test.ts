import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stand-ins/stripe/server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn } from '../checkout/test-people.ts';
import { TerminalIntentAnswer } from '../contract/terminal.ts';

// With STRIPE_SECRET_KEY the composition root wires Stripe Terminal (adapters/stripe/terminal.ts):
// the same calls, against the Stripe stand-in, the location being the one with a Stripe id.

let standIn: StripeStandIn;
let api: TestApi;
let clerk: Browser;
let readerId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  api = await createTestApi({ env: standIn.env });
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
  const stripe = new Stripe('sk_test_foyer', standIn.sdkOptions);
  const location = await stripe.terminal.locations.create({
    display_name: 'Box office',
    address: { line1: '1 Theatre Row', city: 'Springfield', country: 'US', postal_code: '12345' },
  });
  readerId = (
    await stripe.terminal.readers.create({
      registration_code: 'simulated-wpe',
      location: location.id,
      label: 'Counter 1',
    })
  ).id;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const start = () =>
  clerk.call(
    'GET',
    `/api/admin/stripeterminal/intent?amount=2500&currency=USD&idempotencyKey=${randomUUID()}`,
  );

describe('the counter card terminal on Stripe', () => {
  test('no location with a Stripe id: No Terminal configured', async () => {
    const res = await start();
    expect(res.status).toBe(422);
    expect(res.body.Message).toBe('No Terminal configured');
  });

  test('configured: start on the reader, a test card, cancel', async () => {
    const location = [...standIn.terminal.locations.keys()][0]!;
    await api.db('terminal_locations').where({ name: 'Box office' }).update({ stripe_location_id: location });
    const readers = await clerk.call('GET', '/api/admin/stripeterminal/readers');
    expect(readers.body).toEqual([
      { Id: readerId, Label: 'Counter 1', Location: location, Status: 'online', Busy: false },
    ]);
    const started = await start();
    expect(started.status, started.raw).toBe(200);
    const intent = TerminalIntentAnswer.parse(started.body);
    expect(intent).toMatchObject({
      PaymentIntentId: expect.stringMatching(/^pi_/),
      ReaderId: readerId,
      Amount: 2500,
    });
    const tapped = await clerk.call('POST', '/api/admin/stripeterminal/simulate', {
      PaymentIntentId: intent.PaymentIntentId,
      Card: 'decline',
    });
    expect(tapped.body).toMatchObject({
      Status: 'requires_payment_method',
      Failure: { Code: 'card_declined' },
    });
    const canceled = await clerk.call('POST', '/api/admin/stripeterminal/cancelintent', {
      PaymentIntentId: intent.PaymentIntentId,
    });
    expect(canceled.body).toEqual({ Message: 'Transaction successfully cancelled.' });
    expect(standIn.model.intents.get(intent.PaymentIntentId)?.status).toBe('canceled');
  });
});
