import { randomUUID } from 'node:crypto';
import { Effect } from 'effect';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CardTerminals } from '../../../core/payments/card-terminal.ts';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { makeAppRuntime } from '../../wiring.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { signedIn, staffOfRole } from '../checkout/test-people.ts';
import { TerminalIntentAnswer, TerminalReaderRow } from '../contract/terminal.ts';

// The card terminal through the HTTP API with the offline processor's simulated readers (the
// demo's 'Box office' with 'Counter 1' and 'Counter 2'): start, poll, the customer's test card,
// capture (as POST /api/checkout/pos does, through the port), cancel; who may.

let api: TestApi;
let clerk: Browser;

const READER_1 = 'tmr_offline_counter_1';
const READER_2 = 'tmr_offline_counter_2';

beforeAll(async () => {
  api = await createTestApi();
  clerk = await signedIn(api.server, 'boxoffice@foyer.local');
});
afterAll(() => api?.close());
// A test that fails half-way leaves no reader waiting for the next one.
afterEach(() => api.db('terminal_readers').update({ current_intent_id: null, action_expires_at: null }));

const startUrl = (q: { amount?: number; readerId?: string; key?: string; currency?: string } = {}) => {
  const params = new URLSearchParams({
    amount: String(q.amount ?? 4250),
    currency: q.currency ?? 'usd',
    idempotencyKey: q.key ?? randomUUID(),
    ...(q.readerId ? { readerId: q.readerId } : {}),
  });
  return `/api/admin/stripeterminal/intent?${params}`;
};
const start = async (q: Parameters<typeof startUrl>[0] = {}, who = clerk) => {
  const res = await who.call('GET', startUrl({ readerId: READER_1, ...q }));
  expect(res.status, res.raw).toBe(200);
  return TerminalIntentAnswer.parse(res.body);
};
const poll = async (id: string) => {
  const res = await clerk.call('GET', `/api/admin/stripeterminal/intent?paymentIntentId=${id}`);
  expect(res.status, res.raw).toBe(200);
  return TerminalIntentAnswer.parse(res.body);
};
const tap = (id: string, card: 'success' | 'decline' | 'insufficient_funds') =>
  clerk.call('POST', '/api/admin/stripeterminal/simulate', { PaymentIntentId: id, Card: card });
const cancel = (id: string) =>
  clerk.call('POST', '/api/admin/stripeterminal/cancelintent', { PaymentIntentId: id });

/** The capture POST /api/checkout/pos makes, through the same port. */
const capture = async (id: string) => {
  const runtime = makeAppRuntime({ db: api.db, config: api.config });
  try {
    return await runtime.runPromise(CardTerminals.use((t) => t.capture(id)).pipe(Effect.result));
  } finally {
    await runtime.dispose();
  }
};

const readers = async () =>
  TerminalReaderRow.array().parse((await clerk.call('GET', '/api/admin/stripeterminal/readers')).body);

describe('the counter card terminal, offline simulated readers', () => {
  test("the demo's readers, and a connection token", async () => {
    expect(await readers()).toEqual([
      { Id: READER_1, Label: 'Counter 1', Location: 'Box office', Status: 'online', Busy: false },
      { Id: READER_2, Label: 'Counter 2', Location: 'Box office', Status: 'online', Busy: false },
    ]);
    const token = await clerk.call('GET', '/api/admin/stripeterminal/connectiontoken?paymentAccountId=1');
    expect(token.status).toBe(200);
    expect(token.body.Secret).toMatch(/^pst_offline_/);
  });

  test('a good card: requires_capture with the card, captured once to succeeded, then not cancellable', async () => {
    const intent = await start();
    expect(intent).toMatchObject({
      Status: 'requires_payment_method',
      Amount: 4250,
      Currency: 'USD',
      ReaderId: READER_1,
      Card: null,
      Failure: null,
    });
    expect((await readers()).find((r) => r.Id === READER_1)?.Busy).toBe(true);
    const tapped = await tap(intent.PaymentIntentId, 'success');
    expect(tapped.status).toBe(200);
    expect(tapped.body).toMatchObject({ Status: 'requires_capture', Card: { Brand: 'Visa', Last4: '4242' } });
    expect(await poll(intent.PaymentIntentId)).toEqual(tapped.body);
    expect((await readers()).find((r) => r.Id === READER_1)?.Busy).toBe(false);

    const captured = await capture(intent.PaymentIntentId);
    expect(captured).toMatchObject({ _tag: 'Success', success: { status: 'succeeded' } });
    expect(await capture(intent.PaymentIntentId)).toMatchObject({ success: { status: 'succeeded' } });
    expect((await poll(intent.PaymentIntentId)).Status).toBe('succeeded');

    const refused = await cancel(intent.PaymentIntentId);
    expect(refused.status).toBe(422);
    expect(refused.body.Message).toBe('Cannot cancel a payment with a status of: succeeded');
    // A card presented to a finished intent: not waiting on a reader.
    expect((await tap(intent.PaymentIntentId, 'success')).body.Message).toBe('Terminal is not defined.');
  });

  test.each([
    ['decline', 'card_declined', 'Your card was declined.'],
    ['insufficient_funds', 'insufficient_funds', 'Your card has insufficient funds.'],
  ] as const)('a %s card: Failure set, not chargeable, the reader free', async (card, code, message) => {
    const intent = await start();
    const tapped = await tap(intent.PaymentIntentId, card);
    expect(tapped.body).toMatchObject({
      Status: 'requires_payment_method',
      Card: null,
      Failure: { Code: code, Message: message },
    });
    expect((await readers()).every((r) => !r.Busy)).toBe(true);
    expect(await capture(intent.PaymentIntentId)).toMatchObject({
      _tag: 'Failure',
      failure: { code: 'NotCapturable', message: 'Unknown error. The card has not been charged.' },
    });
    const row = await api.db('terminal_intents').where({ id: intent.PaymentIntentId }).first();
    expect(row).toMatchObject({ status: 'requires_payment_method', card_last4: null, failure_code: code });
    const canceled = await cancel(intent.PaymentIntentId);
    expect(canceled.body).toEqual({ Message: 'Transaction successfully cancelled.' });
  });

  test.each([
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
  ] as const)('cancel in %s: canceled, the reader free', async (status) => {
    const intent = await start();
    if (status === 'requires_capture') await tap(intent.PaymentIntentId, 'success');
    else if (status !== 'requires_payment_method')
      await api.db('terminal_intents').where({ id: intent.PaymentIntentId }).update({ status });
    expect((await poll(intent.PaymentIntentId)).Status).toBe(status);
    const res = await cancel(intent.PaymentIntentId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'Transaction successfully cancelled.' });
    expect((await poll(intent.PaymentIntentId)).Status).toBe('canceled');
    expect((await readers()).every((r) => !r.Busy)).toBe(true);
    const again = await cancel(intent.PaymentIntentId);
    expect(again.status).toBe(422);
    expect(again.body.Message).toBe('Cannot cancel a payment with a status of: canceled');
    expect(await capture(intent.PaymentIntentId)).toMatchObject({ failure: { code: 'NotCapturable' } });
  });

  test('the same idempotency key answers the same intent; a second one takes the other reader, a third none', async () => {
    const key = randomUUID();
    const first = await start({ key, readerId: undefined });
    const again = await start({ key, readerId: undefined });
    expect(again).toEqual(first);
    expect(await api.db('terminal_intents').where({ idempotency_key: key }).count('* as n')).toEqual([
      { n: 1 },
    ]);
    const otherAmount = await clerk.call('GET', startUrl({ key, amount: 999 }));
    expect(otherAmount.status).toBe(422);
    expect(otherAmount.body.Message).toBe(
      'This payment was already started for another amount; start a new one.',
    );
    const second = await start({ readerId: undefined });
    expect(new Set([first.ReaderId, second.ReaderId])).toEqual(new Set([READER_1, READER_2]));
    const before = await api.db('terminal_intents').count('* as n');
    const none = await clerk.call('GET', startUrl());
    expect(none.status).toBe(409);
    expect(none.body.Message).toBe('No available stripe terminals.');
    const busy = await clerk.call('GET', startUrl({ readerId: READER_1 }));
    expect(busy.body.Message).toBe('No available stripe terminals.');
    expect(await api.db('terminal_intents').count('* as n')).toEqual(before);
    await cancel(first.PaymentIntentId);
    await cancel(second.PaymentIntentId);
  });

  test('the start is written to the audit log', async () => {
    const intent = await start();
    const entry = await api
      .db('audit_log')
      .where({ action: 'START /api/admin/stripeterminal/intent' })
      .whereRaw(`details->>'paymentIntentId' = ?`, [intent.PaymentIntentId])
      .first();
    expect(entry).toMatchObject({ actor: 'boxoffice@foyer.local', status: 200 });
    await cancel(intent.PaymentIntentId);
    const cancelled = await api
      .db('audit_log')
      .where({ action: 'POST /api/admin/stripeterminal/cancelintent' })
      .first();
    expect(cancelled).toMatchObject({ actor: 'boxoffice@foyer.local' });
  });

  test('bad input is a 400 naming the field; unknown ids are 404 or the catalogue words', async () => {
    for (const [url, field] of [
      ['/api/admin/stripeterminal/intent?amount=0&currency=usd&idempotencyKey=k', 'Amount'],
      ['/api/admin/stripeterminal/intent?amount=12.5&currency=usd&idempotencyKey=k', 'Amount'],
      ['/api/admin/stripeterminal/intent?amount=100&currency=dollars&idempotencyKey=k', 'Currency'],
      ['/api/admin/stripeterminal/intent?amount=100&currency=usd', 'idempotencyKey'],
      ['/api/admin/stripeterminal/intent', 'amount'],
    ] as const) {
      const res = await clerk.call('GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body.Message, url).toContain(field);
    }
    const badCard = await clerk.call('POST', '/api/admin/stripeterminal/simulate', {
      PaymentIntentId: 'offline_pi_x',
      Card: 'gold',
    });
    expect(badCard.status).toBe(400);
    expect(badCard.body.Message).toContain('Card');
    expect(
      (await clerk.call('GET', '/api/admin/stripeterminal/intent?paymentIntentId=offline_pi_nope')).status,
    ).toBe(404);
    expect((await cancel('offline_pi_nope')).status).toBe(404);
    const unknownReader = await clerk.call('GET', startUrl({ readerId: 'tmr_nope' }));
    expect(unknownReader.status).toBe(422);
    expect(unknownReader.body.Message).toBe('The active configured stripe terminal was not found in Stripe');
  });

  test('starting a payment is a GET that needs the CSRF header like a POST: a cross-site link starts nothing', async () => {
    const before = await api.db('terminal_intents').count({ n: '*' }).first();
    const res = await clerk.call('GET', startUrl({ readerId: READER_2 }), undefined, { 'x-csrf-token': '' });
    expect(res.status).toBe(403);
    expect(await api.db('terminal_intents').count({ n: '*' }).first()).toEqual(before);
  });

  test('a seller may; a customer is refused 403; signed out 401', async () => {
    const seller = await signedIn(api.server, 'seller@foyer.local');
    const intent = await start({}, seller);
    expect(
      (
        await seller.call('POST', '/api/admin/stripeterminal/cancelintent', {
          PaymentIntentId: intent.PaymentIntentId,
        })
      ).status,
    ).toBe(200);
    const pos = await staffOfRole(api.server, api.db, 'PointOfSale');
    expect((await pos.call('GET', '/api/admin/stripeterminal/readers')).status).toBe(200);

    const customer = await signedIn(api.server, 'customer@foyer.local');
    const anonymous = await signedIn(api.server, null);
    for (const [who, status] of [
      [customer, 403],
      [anonymous, 401],
    ] as const) {
      expect((await who.call('GET', '/api/admin/stripeterminal/readers')).status).toBe(status);
      expect((await who.call('GET', startUrl())).status).toBe(status);
      expect((await who.call('GET', '/api/admin/stripeterminal/connectiontoken')).status).toBe(status);
      expect(
        (await who.call('POST', '/api/admin/stripeterminal/cancelintent', { PaymentIntentId: 'x' })).status,
      ).toBe(status);
      expect(
        (
          await who.call('POST', '/api/admin/stripeterminal/simulate', {
            PaymentIntentId: 'x',
            Card: 'success',
          })
        ).status,
      ).toBe(status);
    }
    // An admin without the permission: the content manager role (EventAdmin) does not take payments.
    const eventAdmin = await staffOfRole(api.server, api.db, 'EventAdmin');
    expect((await eventAdmin.call('GET', startUrl())).status).toBe(403);
  });

  test('no location configured: No Terminal configured', async () => {
    await api.db.transaction(async (trx) => {
      await trx('terminal_intents').delete();
      await trx('terminal_readers').delete();
      await trx('terminal_locations').delete();
    });
    for (const url of [
      '/api/admin/stripeterminal/readers',
      startUrl(),
      '/api/admin/stripeterminal/connectiontoken',
    ]) {
      const res = await clerk.call('GET', url);
      expect(res.status, url).toBe(422);
      expect(res.body.Message).toBe('No Terminal configured');
    }
  });
});
