import { randomUUID } from 'node:crypto';
import { Cause, Effect, Exit } from 'effect';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CardTerminalsShape } from '../../core/payments/card-terminal.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createDatabase } from '../postgres/database.ts';
import { terminalStorePostgres } from '../postgres/payments/terminal-store.ts';
import { makeOfflineTerminal } from './terminal.ts';

// The offline simulated readers under concurrent calls, on the demo's PostgreSQL rows: a key
// makes one intent, a reader takes one intent at a time, a reader left waiting frees itself.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let terminal: CardTerminalsShape;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 8 });
  terminal = makeOfflineTerminal(terminalStorePostgres(db));
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});
afterEach(() => db('terminal_readers').update({ current_intent_id: null, action_expires_at: null }));

const starting = (key = randomUUID(), readerId: string | null = null) =>
  terminal.start({
    idempotencyKey: key,
    amount: 1500,
    currency: 'usd',
    readerId,
    location: null,
    description: 'Box office card payment',
    metadata: {},
  });
const outcome = async <A, E>(effect: Effect.Effect<A, E>) => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return { ok: true as const, value: exit.value };
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag !== 'Some') throw Cause.squash(exit.cause);
  return { ok: false as const, error: failure.value };
};

describe('the offline card terminal under concurrent calls', () => {
  test('eight starts under one key: one intent, on one reader', async () => {
    const key = randomUUID();
    const all = await Promise.all(Array.from({ length: 8 }, () => outcome(starting(key))));
    const ids = new Set(all.map((o) => (o.ok ? o.value.id : 'failed')));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^offline_pi_/);
    expect(await db('terminal_intents').where({ idempotency_key: key }).count('* as n')).toEqual([{ n: 1 }]);
    expect(await db('terminal_readers').whereNotNull('current_intent_id').count('* as n')).toEqual([
      { n: 1 },
    ]);
  });

  test('five starts for two readers: two intents, three refused with nothing made', async () => {
    const before = Number((await db('terminal_intents').count('* as n'))[0]!.n);
    const all = await Promise.all(Array.from({ length: 5 }, () => outcome(starting())));
    const made = all.filter((o) => o.ok);
    expect(made).toHaveLength(2);
    expect(new Set(made.map((o) => o.value.readerId))).toEqual(
      new Set(['tmr_offline_counter_1', 'tmr_offline_counter_2']),
    );
    for (const refused of all.filter((o) => !o.ok))
      expect(refused.error).toMatchObject({
        code: 'NoAvailableReaders',
        message: 'No available stripe terminals.',
      });
    expect(Number((await db('terminal_intents').count('* as n'))[0]!.n)).toBe(before + 2);
  });

  test('a card tapped while the clerk cancels: one of them wins, never both a capture and a cancel', async () => {
    const intent = await Effect.runPromise(starting());
    const [tapped, canceled] = await Promise.all([
      outcome(terminal.simulate(intent.id, 'success')),
      outcome(terminal.cancel(intent.id)),
    ]);
    expect(canceled.ok).toBe(true);
    const now = await Effect.runPromise(terminal.intent(intent.id));
    expect(now?.status).toBe('canceled');
    if (!tapped.ok) expect(tapped.error).toMatchObject({ code: 'TerminalNotDefined' });
    expect((await outcome(terminal.capture(intent.id))).ok).toBe(false);
  });

  test('a reader left waiting past its time is free again; the old intent takes no card', async () => {
    const old = await Effect.runPromise(starting(randomUUID(), 'tmr_offline_counter_1'));
    await db('terminal_readers')
      .where({ id: 'tmr_offline_counter_1' })
      .update({ action_expires_at: db.raw(`now() - interval '1 second'`) });
    const readers = await Effect.runPromise(terminal.readers(null));
    expect(readers.find((r) => r.id === 'tmr_offline_counter_1')?.busy).toBe(false);
    const fresh = await Effect.runPromise(starting(randomUUID(), 'tmr_offline_counter_1'));
    expect(fresh.readerId).toBe('tmr_offline_counter_1');
    expect(await outcome(terminal.simulate(old.id, 'success'))).toMatchObject({
      ok: false,
      error: { message: 'Terminal is not defined.' },
    });
    expect((await Effect.runPromise(terminal.simulate(fresh.id, 'success'))).status).toBe('requires_capture');
    // The abandoned intent can still be cancelled.
    expect((await Effect.runPromise(terminal.cancel(old.id))).status).toBe('canceled');
  });

  test('an offline reader takes no intent', async () => {
    await db('terminal_readers').update({ status: 'offline' });
    expect(await outcome(starting())).toMatchObject({ ok: false, error: { code: 'NoAvailableReaders' } });
    expect(await outcome(starting(randomUUID(), 'tmr_offline_counter_2'))).toMatchObject({
      ok: false,
      error: { code: 'NoAvailableReaders' },
    });
    await db('terminal_readers').update({ status: 'online' });
  });
});
