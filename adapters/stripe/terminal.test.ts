import { randomUUID } from 'node:crypto';
import { Cause, Effect, Exit } from 'effect';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CANCELLABLE_STATUSES,
  TERMINAL_MESSAGES,
  type CardTerminalsShape,
} from '../../core/payments/card-terminal.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { makeStripeTerminal } from './terminal.ts';

// The card terminal on Stripe Terminal through the real SDK against the local stand-in
// (test/stand-ins/stripe/terminal.ts): simulated readers at a location, test cards presented with
// the test helper, capture and cancel of card_present intents.

let standIn: StripeStandIn;
let stripe: Stripe;
let location: { id: string; name: string };
let terminal: CardTerminalsShape;
let readerIds: string[];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new Stripe('sk_test_foyer', standIn.sdkOptions);
  const made = await stripe.terminal.locations.create({
    display_name: 'Box office',
    address: { line1: '1 Theatre Row', city: 'Springfield', country: 'US', postal_code: '12345' },
  });
  location = { id: made.id, name: made.display_name };
  readerIds = [];
  for (const label of ['Counter 1', 'Counter 2'])
    readerIds.push(
      (await stripe.terminal.readers.create({ registration_code: 'simulated-wpe', location: made.id, label }))
        .id,
    );
  terminal = makeStripeTerminal(stripe, {
    location: async () => location,
    testMode: true,
    retryBase: '2 millis',
  });
});

afterAll(async () => {
  await standIn?.close();
});

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);
const failureOf = async <A, E>(effect: Effect.Effect<A, E>) => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) throw new Error('expected a failure');
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag !== 'Some') throw Cause.squash(exit.cause);
  return failure.value;
};

const starting = (readerId: string | null = readerIds[0]!, key = randomUUID(), on = terminal) =>
  on.start({
    idempotencyKey: key,
    amount: 4250,
    currency: 'USD',
    readerId,
    location: null,
    description: 'Box office card payment',
    metadata: { seller: 'boxoffice@foyer.local' },
  });
const start = (...args: Parameters<typeof starting>) => run(starting(...args));

/** Frees the readers between tests: cancel whatever still waits on them. */
const settle = async (intentId: string) => {
  const now = await run(terminal.intent(intentId));
  if (now && CANCELLABLE_STATUSES.includes(now.status)) await run(terminal.cancel(intentId));
};

describe('a card at the counter on Stripe Terminal', () => {
  test('the readers of the location, online and free', async () => {
    const readers = await run(terminal.readers(null));
    expect(readers.map((r) => r.label).sort()).toEqual(['Counter 1', 'Counter 2']);
    expect(readers.every((r) => r.status === 'online' && !r.busy && r.location === location.id)).toBe(true);
    expect(await run(terminal.configuration())).toEqual({ configured: true, location: 'Box office' });
    expect(await run(terminal.connectionToken(null))).toMatch(/^pst_test_/);
  });

  test('a good card: requires_capture with the card, then captured once; the reader is busy meanwhile', async () => {
    const intent = await start();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 4250, currency: 'USD' });
    expect(intent.readerId).toBe(readerIds[0]);
    const pi = await stripe.paymentIntents.retrieve(intent.id);
    expect(pi).toMatchObject({ capture_method: 'manual', payment_method_types: ['card_present'] });
    expect((await run(terminal.readers(null))).find((r) => r.id === readerIds[0])?.busy).toBe(true);

    const tapped = await run(terminal.simulate(intent.id, 'success'));
    expect(tapped).toMatchObject({
      status: 'requires_capture',
      card: { brand: 'Visa', last4: '4242' },
      failure: null,
    });
    expect((await run(terminal.readers(null))).find((r) => r.id === readerIds[0])?.busy).toBe(false);

    const captured = await run(terminal.capture(intent.id));
    expect(captured.status).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(4250);
    // Captured already: answered as it is, not captured twice.
    expect((await run(terminal.capture(intent.id))).status).toBe('succeeded');
    expect(standIn.calls('POST', `/v1/payment_intents/${intent.id}/capture`)).toHaveLength(1);

    const refused = await failureOf(terminal.cancel(intent.id));
    expect(refused).toMatchObject({
      code: 'CannotCancel',
      message: 'Cannot cancel a payment with a status of: succeeded',
    });
  });

  test.each([
    ['decline', 'card_declined', 'Your card was declined.'],
    ['insufficient_funds', 'insufficient_funds', 'Your card has insufficient funds.'],
  ] as const)('a %s card: Failure set, the intent not chargeable', async (card, code, message) => {
    const intent = await start();
    const after = await run(terminal.simulate(intent.id, card));
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      card: null,
      failure: { code, message },
    });
    // The poll reads the same.
    expect(await run(terminal.intent(intent.id))).toEqual(after);
    expect(await failureOf(terminal.capture(intent.id))).toMatchObject({
      code: 'NotCapturable',
      message: TERMINAL_MESSAGES.Unknown,
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).amount_received).toBe(0);
    // The reader is free again; the declined intent may be cancelled.
    expect((await run(terminal.cancel(intent.id))).status).toBe('canceled');
  });

  test('cancel while the reader waits for the card frees the reader and cancels the intent', async () => {
    const intent = await start();
    const canceled = await run(terminal.cancel(intent.id));
    expect(canceled.status).toBe('canceled');
    expect(standIn.calls('POST', `/v1/terminal/readers/${readerIds[0]}/cancel_action`)).not.toHaveLength(0);
    expect((await run(terminal.readers(null))).every((r) => !r.busy)).toBe(true);
    expect(await failureOf(terminal.cancel(intent.id))).toMatchObject({
      message: 'Cannot cancel a payment with a status of: canceled',
    });
  });

  test('cancel in requires_capture releases the authorisation', async () => {
    const intent = await start();
    await run(terminal.simulate(intent.id, 'success'));
    expect((await run(terminal.cancel(intent.id))).status).toBe('canceled');
    expect(await failureOf(terminal.capture(intent.id))).toMatchObject({ code: 'NotCapturable' });
  });

  test.each(['requires_confirmation', 'requires_action'] as const)(
    'cancel in %s (set on Stripe side)',
    async (status) => {
      const intent = await start();
      await run(terminal.cancel(intent.id));
      const pi = standIn.model.intents.get(intent.id)!;
      pi.status = status;
      pi.canceled_at = null;
      expect((await run(terminal.intent(intent.id)))?.status).toBe(status);
      expect((await run(terminal.cancel(intent.id))).status).toBe('canceled');
    },
  );

  test('the same idempotency key answers the same intent, on the same reader', async () => {
    const key = randomUUID();
    const first = await start(null, key);
    const again = await start(null, key);
    expect(again.id).toBe(first.id);
    expect(again.readerId).toBe(first.readerId);
    expect(standIn.calls('POST', '/v1/payment_intents').filter((c) => c.idempotencyKey === key)).toHaveLength(
      2,
    );
    const processed = standIn.requests.filter(
      (r) => r.path.endsWith('/process_payment_intent') && r.params.payment_intent === first.id,
    );
    expect(processed).toHaveLength(1);
    // The same key for another amount is refused, nothing made.
    const other = await failureOf(
      terminal.start({
        idempotencyKey: key,
        amount: 999,
        currency: 'USD',
        readerId: null,
        location: null,
        description: 'Box office card payment',
        metadata: { seller: 'boxoffice@foyer.local' },
      }),
    );
    expect(other).toMatchObject({ code: 'Unknown', message: TERMINAL_MESSAGES.KeyReused });
    await settle(first.id);
  });

  test('both readers busy: No available stripe terminals, no intent made', async () => {
    const a = await start(null);
    const b = await start(null);
    expect(new Set([a.readerId, b.readerId])).toEqual(new Set(readerIds));
    expect(await failureOf(starting(readerIds[0]!))).toMatchObject({
      code: 'NoAvailableReaders',
      message: 'No available stripe terminals.',
    });
    await settle(a.id);
    await settle(b.id);
  });

  test('a location without readers, or with its readers offline: No available stripe terminals.', async () => {
    const empty = await stripe.terminal.locations.create({
      display_name: 'Bar',
      address: { line1: '1 Theatre Row', city: 'Springfield', country: 'US', postal_code: '12345' },
    });
    const bar = makeStripeTerminal(stripe, {
      location: async () => ({ id: empty.id, name: 'Bar' }),
      testMode: true,
      retryBase: '2 millis',
    });
    const before = standIn.calls('POST', '/v1/payment_intents').length;
    expect(await failureOf(starting(null, randomUUID(), bar))).toMatchObject({
      message: 'No available stripe terminals.',
    });
    const reader = await stripe.terminal.readers.create({
      registration_code: 'simulated-wpe',
      location: empty.id,
      label: 'Bar 1',
    });
    standIn.terminal.readers.get(reader.id)!.status = 'offline';
    expect((await run(bar.readers(null)))[0]).toMatchObject({ status: 'offline', busy: false });
    expect(await failureOf(starting(null, randomUUID(), bar))).toMatchObject({
      message: 'No available stripe terminals.',
    });
    expect(standIn.calls('POST', '/v1/payment_intents')).toHaveLength(before);
  });

  test('not configured, a location or reader Stripe does not know, Stripe unreachable', async () => {
    const none = makeStripeTerminal(stripe, {
      location: async () => null,
      testMode: true,
      retryBase: '2 millis',
    });
    for (const failure of [
      await failureOf(none.readers(null)),
      await failureOf(starting(null, randomUUID(), none)),
      await failureOf(none.connectionToken(null)),
    ])
      expect(failure).toMatchObject({ code: 'NoTerminalConfigured', message: 'No Terminal configured' });
    expect(await run(none.configuration())).toEqual({ configured: false, location: null });

    const gone = makeStripeTerminal(stripe, {
      location: async () => ({ id: 'tml_gone', name: 'Gone' }),
      testMode: true,
      retryBase: '2 millis',
    });
    expect(await failureOf(gone.readers(null))).toMatchObject({
      message: 'The active configured stripe terminal was not found in Stripe',
    });
    expect(await failureOf(starting('tmr_unknown'))).toMatchObject({
      message: 'The active configured stripe terminal was not found in Stripe',
    });

    const unreachable = makeStripeTerminal(new Stripe('sk_test_foyer', { ...standIn.sdkOptions, port: 1 }), {
      location: async () => location,
      testMode: true,
      retryBase: '2 millis',
    });
    expect(await failureOf(unreachable.readers(null))).toMatchObject({
      message: 'Failed to discover any stripe terminals',
    });
  });

  test('the simulated card needs a test key and an intent on a reader', async () => {
    const live = makeStripeTerminal(stripe, {
      location: async () => location,
      testMode: false,
      retryBase: '2 millis',
    });
    const intent = await start();
    expect(await failureOf(live.simulate(intent.id, 'success'))).toMatchObject({ code: 'NotTestMode' });
    await settle(intent.id);
    expect(await failureOf(terminal.simulate(intent.id, 'success'))).toMatchObject({
      message: 'Terminal is not defined.',
    });
    expect(await run(terminal.intent('pi_unknown'))).toBeNull();
    expect(await failureOf(terminal.cancel('pi_unknown'))).toMatchObject({ code: 'NotFound' });
  });
});
