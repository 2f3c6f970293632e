import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentNotices } from '../../../core/payments/payment-notices.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { PaymentNoticesPostgres } from '../../postgres/payments/stripe-intent-mirror.ts';

// Stripe's deliveries as Stripe makes them: signed with the endpoint secret, each event possibly
// several times, in any order. One final state whatever the order; a bad signature changes nothing.

const SECRET = 'whsec_foyer_test_secret';
const stripe = new Stripe('sk_test_foyer');
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ env: { STRIPE_SECRET_KEY: 'sk_test_foyer', STRIPE_WEBHOOK_SECRET: SECRET } });
});

afterAll(async () => {
  await api?.close();
});

interface IntentFacts {
  id: string;
  status: string;
  amount?: number;
  key?: string;
  error?: string;
}

const event = (id: string, type: string, created: number, pi: IntentFacts) => ({
  id,
  object: 'event',
  api_version: '2026-11-01',
  type,
  created,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: {
    object: type.startsWith('charge.')
      ? { id: `ch_${id}`, object: 'charge', payment_intent: pi.id, status: 'succeeded' }
      : {
          id: pi.id,
          object: 'payment_intent',
          amount: pi.amount ?? 4250,
          amount_received: pi.status === 'succeeded' ? (pi.amount ?? 4250) : 0,
          currency: 'usd',
          status: pi.status,
          metadata: pi.key ? { idempotency_key: pi.key, basket_id: 'b-1' } : {},
          latest_charge: pi.status === 'succeeded' ? `ch_${pi.id}` : null,
          last_payment_error: pi.error ? { code: pi.error, type: 'card_error' } : null,
        },
  },
});

const deliver = async (body: object | string, secret = SECRET, sentBody?: string) => {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await api.server.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: sentBody ?? payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) as { outcome?: string; Message?: string } };
};

const mirror = (id: string) => api.db('stripe_payment_intents').where({ id }).first();

/** A card paid after a failed 3-D Secure attempt, and an Afterpay payment the buyer abandoned. */
const lifecycle = (run: string, t: number) => {
  const paid = { id: `pi_paid_${run}`, key: `key-${run}` };
  const dropped = { id: `pi_dropped_${run}` };
  return {
    paid,
    dropped,
    events: [
      event(`evt_${run}_1`, 'payment_intent.created', t, { ...paid, status: 'requires_payment_method' }),
      event(`evt_${run}_2`, 'payment_intent.requires_action', t + 1, { ...paid, status: 'requires_action' }),
      event(`evt_${run}_3`, 'payment_intent.payment_failed', t + 2, {
        ...paid,
        status: 'requires_payment_method',
        error: 'payment_intent_authentication_failure',
      }),
      event(`evt_${run}_4`, 'payment_intent.processing', t + 3, { ...paid, status: 'processing' }),
      event(`evt_${run}_5`, 'payment_intent.succeeded', t + 3, { ...paid, status: 'succeeded' }),
      event(`evt_${run}_6`, 'charge.succeeded', t + 3, { ...paid, status: 'succeeded' }),
      event(`evt_${run}_7`, 'payment_intent.created', t, { ...dropped, status: 'requires_payment_method' }),
      event(`evt_${run}_8`, 'payment_intent.requires_action', t + 1, {
        ...dropped,
        status: 'requires_action',
      }),
      event(`evt_${run}_9`, 'payment_intent.canceled', t + 5, { ...dropped, status: 'canceled' }),
    ],
  };
};

describe('Stripe webhooks', () => {
  test('each event delivered 3 times in shuffled order gives one final state', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }).chain((batch) => {
          const run = `${process.pid}_${runs++}_${randomUUID().slice(0, 8)}`;
          const story = lifecycle(run, 1_790_000_000);
          const deliveries = story.events.flatMap((e) => [e, e, e]);
          return fc
            .shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length })
            .map((order) => ({ story, order, batch }));
        }),
        async ({ story, order, batch }) => {
          const outcomes: string[] = [];
          // Some deliveries overlap (batch > 1): Stripe does not wait for one before the next.
          for (let i = 0; i < order.length; i += batch) {
            const answers = await Promise.all(order.slice(i, i + batch).map((e) => deliver(e)));
            for (const a of answers) {
              expect(a.status).toBe(200);
              outcomes.push(a.body.outcome!);
            }
          }
          expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2 * story.events.length);
          expect(await mirror(story.paid.id)).toMatchObject({
            status: 'succeeded',
            event_id: story.events[4]!.id,
            amount_received: 4250,
            idempotency_key: story.paid.key,
          });
          expect(await mirror(story.dropped.id)).toMatchObject({
            status: 'canceled',
            event_id: story.events[8]!.id,
          });
          const seen = await api.db('stripe_webhook_events').whereIn(
            'event_id',
            story.events.map((e) => e.id),
          );
          expect(seen).toHaveLength(story.events.length);
        },
      ),
      { numRuns: 15 },
    );
  });

  test('a later processing event never overwrites succeeded', async () => {
    const pi = { id: `pi_${randomUUID().slice(0, 8)}`, key: randomUUID() };
    expect(
      (
        await deliver(
          event(`evt_${pi.id}_s`, 'payment_intent.succeeded', 100, { ...pi, status: 'succeeded' }),
        )
      ).body.outcome,
    ).toBe('applied');
    expect(
      (
        await deliver(
          event(`evt_${pi.id}_p`, 'payment_intent.processing', 200, { ...pi, status: 'processing' }),
        )
      ).body.outcome,
    ).toBe('stale');
    expect(await mirror(pi.id)).toMatchObject({ status: 'succeeded' });
  });

  test('a bad signature or a changed body answers 400 and changes nothing', async () => {
    const pi = { id: `pi_${randomUUID().slice(0, 8)}`, key: randomUUID() };
    const forged = event(`evt_${pi.id}_forged`, 'payment_intent.succeeded', 100, {
      ...pi,
      status: 'succeeded',
    });
    const wrongSecret = await deliver(forged, 'whsec_not_ours');
    expect(wrongSecret).toEqual({ status: 400, body: { Message: 'The Stripe signature does not match.' } });
    const honest = event(`evt_${pi.id}_1`, 'payment_intent.processing', 100, { ...pi, status: 'processing' });
    const tampered = await deliver(honest, SECRET, JSON.stringify({ ...honest, data: forged.data }));
    expect(tampered.status).toBe(400);
    const unsigned = await api.server.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(honest),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await mirror(pi.id)).toBeUndefined();
    expect(await api.db('stripe_webhook_events').whereIn('event_id', [forged.id, honest.id])).toEqual([]);
  });

  test('the payment notices tell the order path that a payment succeeded', async () => {
    const since = new Date(Date.now() - 1000);
    const pi = { id: `pi_${randomUUID().slice(0, 8)}`, key: randomUUID(), amount: 9900 };
    await deliver(
      event(`evt_${pi.id}_1`, 'payment_intent.requires_action', 100, { ...pi, status: 'requires_action' }),
    );
    const program = Effect.gen(function* () {
      const notices = yield* PaymentNotices;
      const before = yield* notices.byKey(pi.key);
      yield* Effect.promise(() =>
        deliver(event(`evt_${pi.id}_2`, 'payment_intent.succeeded', 101, { ...pi, status: 'succeeded' })),
      );
      return {
        before,
        after: yield* notices.byKey(pi.key),
        recent: yield* notices.succeededSince(since),
        unknown: yield* notices.byKey(randomUUID()),
      };
    }).pipe(Effect.provide(PaymentNoticesPostgres(api.db)));
    const { before, after, recent, unknown } = await Effect.runPromise(program);
    expect(before?.state).toEqual({ status: 'pending', paymentRef: pi.id });
    expect(after).toMatchObject({
      gateway: 'Stripe',
      currency: 'USD',
      idempotencyKey: pi.key,
      state: { status: 'succeeded', paymentRef: pi.id, amount: 9900 },
    });
    expect(recent.map((n) => n.state.paymentRef)).toContain(pi.id);
    expect(unknown).toBeNull();
  });
});
