import { randomUUID } from 'node:crypto';
import { Cause, Effect } from 'effect';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChargeRequest } from '../../core/payments/ports.ts';
import { createDatabase } from '../postgres/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { authenticateOfflinePayment, makeOfflineGateway } from './offline-gateway.ts';
import { applePayTestToken } from '../../test/stand-ins/apple-pay/payment-token.ts';
import { createOfflineToken } from './tokens.ts';
import type { OfflineStore } from './store.ts';
import { offlineStorePostgres } from '../postgres/payments/offline-store.ts';

// The offline test processor keeps its payments in PostgreSQL: a key it has seen answers its
// first outcome even after a restart (a new gateway over the same database) and under a race.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let store: OfflineStore;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  db = createDatabase(database.url, { max: 6 });
  store = offlineStorePostgres(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const token = async (number: string) => {
  const made = await createOfflineToken(
    store,
    { number, expMonth: 12, expYear: 2034, cvc: '123' },
    new Date(),
  );
  if (!made.ok) throw new Error('bad test card');
  return made.token;
};

const request = (tokenId: string, extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
  idempotencyKey: randomUUID(),
  amount: 4500,
  currency: 'USD',
  description: 'test',
  token: tokenId,
  savedCardId: null,
  paymentRef: null,
  saveCardFor: null,
  returnUrl: null,
  metadata: {},
  ...extra,
});

const run = Effect.runPromise;

describe('offline test processor', () => {
  test('a key seen before answers its first outcome, after a restart and under a race', async () => {
    const req = request(await token('4242424242424242'));
    const [a, b] = await Promise.all([
      run(makeOfflineGateway(store).charge(req)),
      run(makeOfflineGateway(store).charge(req)),
    ]);
    expect(a.status).toBe('succeeded');
    expect(b).toEqual(a);
    const restarted = makeOfflineGateway(offlineStorePostgres(db));
    // Even with another card, the key's first outcome stands: never a second charge.
    expect(await run(restarted.charge({ ...req, token: await token('4000000000000002') }))).toEqual(a);
    expect(
      await db('offline_payments').where({ idempotency_key: req.idempotencyKey }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect(await run(restarted.findByKey(req.idempotencyKey))).toMatchObject({
      status: 'succeeded',
      amount: 4500,
    });
    expect(await run(restarted.findByKey(randomUUID()))).toBeNull();
  });

  test('the test numbers decline, lack funds, or ask for authentication', async () => {
    const gateway = makeOfflineGateway(store);
    expect(await run(gateway.charge(request(await token('4000000000000002'))))).toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
    expect(await run(gateway.charge(request(await token('4000000000009995'))))).toMatchObject({
      status: 'declined',
      code: 'insufficient_funds',
    });
    expect(await run(gateway.charge(request('tok_unknown')))).toMatchObject({ status: 'declined' });
    const req = request(await token('4000002500003155'));
    const action = await run(gateway.charge(req));
    expect(action.status).toBe('requires_action');
    if (action.status !== 'requires_action') return;
    expect(await run(gateway.retrieve(action.paymentRef))).toEqual({
      status: 'pending',
      paymentRef: action.paymentRef,
    });
    await authenticateOfflinePayment(store, action.paymentRef, 'complete');
    const confirmed = await run(gateway.charge({ ...req, token: null, paymentRef: action.paymentRef }));
    expect(confirmed).toMatchObject({ status: 'succeeded', paymentRef: action.paymentRef });
    // A payment ref with another key is not this attempt's.
    const stranger = await run(
      gateway.charge({ ...req, idempotencyKey: randomUUID(), paymentRef: action.paymentRef }),
    );
    expect(stranger.status).toBe('declined');
  });

  test('a refund is idempotent by key and never more than was charged', async () => {
    const gateway = makeOfflineGateway(store);
    const paid = await run(gateway.charge(request(await token('4242424242424242'))));
    if (paid.status !== 'succeeded') throw new Error('not paid');
    const first = await run(gateway.refund(paid.paymentRef, 4500, 'refund-1'));
    expect(await run(gateway.refund(paid.paymentRef, 4500, 'refund-1'))).toEqual(first);
    const more = await Effect.runPromiseExit(gateway.refund(paid.paymentRef, 1, 'refund-2'));
    expect(more._tag === 'Failure' && Cause.squash(more.cause)).toMatchObject({
      _tag: 'RefundDeclined',
      gateway: 'Offline',
    });
    expect((await db('offline_payments').where({ ref: paid.paymentRef }).first()).refunded).toBe(4500);
  });

  test('tokens keep brand, BIN and last 4, never the number', async () => {
    const made = await createOfflineToken(
      store,
      { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2034, cvc: '123' },
      new Date(),
    );
    expect(made).toMatchObject({ ok: true, brand: 'MasterCard', bin: '555555', last4: '4444' });
    const row = await db('offline_tokens')
      .where({ token: made.ok ? made.token : '' })
      .first();
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    expect(row.behaviour).toBe('succeed');
  });

  test('takes an Apple Pay token in test mode: the wallet card’s last 4 decides, its data is not kept', async () => {
    const wallet = applePayTestToken('Visa 4242');
    const req = request(JSON.stringify(wallet));
    const paid = await run(makeOfflineGateway(store).charge(req));
    expect(paid).toMatchObject({
      status: 'succeeded',
      amount: 4500,
      card: { brand: 'Visa', bin: '', last4: '4242' },
    });
    // The same key again: the first outcome, no second payment.
    expect(await run(makeOfflineGateway(store).charge(req))).toEqual(paid);
    const rows = await db('offline_payments').where({ idempotency_key: req.idempotencyKey });
    expect(rows).toHaveLength(1);
    expect(rows[0].token).toBe(`applepay:${wallet.transactionIdentifier}`);
    expect(JSON.stringify(rows[0])).not.toContain(wallet.paymentData.data);

    const declined = await run(
      makeOfflineGateway(store).charge(
        request(JSON.stringify(applePayTestToken('MasterCard 0002', 'MasterCard'))),
      ),
    );
    expect(declined).toMatchObject({ status: 'declined', code: 'card_declined' });
    const short = await run(
      makeOfflineGateway(store).charge(request(JSON.stringify(applePayTestToken('Amex 9995', 'AmEx')))),
    );
    expect(short).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
    // No 3-D Secure for a wallet: the device authenticated the buyer.
    const authenticated = await run(
      makeOfflineGateway(store).charge(request(JSON.stringify(applePayTestToken('Visa 3155')))),
    );
    expect(authenticated).toMatchObject({ status: 'succeeded', card: { last4: '3155' } });
  });
});
