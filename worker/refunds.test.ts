import { Effect } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { makeOrderRefundsPostgres } from '../adapters/postgres/orders/refunds/refunds.ts';
import { offlineCard, oweCredit, paidOrder } from '../adapters/postgres/orders/refunds/test-refunds.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { queues } from '../adapters/queue/jobs.ts';
import { makeAppRuntime, type AppRuntime } from '../adapters/wiring.ts';
import { createTestDatabase } from '../test/database.ts';
import { startRefundsWorker } from './refunds.ts';

// The refunds job on pg-boss: a refund saved but never given back (the process died between the
// save and the processor's call) is finished by the next run, with the key saved with it.

const log = createLogger('silent');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let boss: PgBoss;
let runtime: AppRuntime;
let stop: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 5 });
  boss = await openJobQueue(database.url, { log, supervise: true });
  runtime = makeAppRuntime({
    db,
    config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
    jobQueue: { boss, log },
  });
  stop = await startRefundsWorker({ boss, runtime, log });
});
afterAll(async () => {
  await stop?.();
  await runtime?.dispose();
  await boss?.stop({ graceful: false, timeout: 2_000 });
  await db?.destroy();
  await database?.drop();
});

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return check();
};

test('a refund left pending a minute ago is given back by the job, once, under its key', async () => {
  const sale = await paidOrder(db, [{ paymentType: 'CreditCard', amount: 4_000 }]);
  const ref = await offlineCard(db, sale.paymentIds[0]!);
  await oweCredit(db, sale.orderId, 2_500);
  const begun = await Effect.runPromise(
    makeOrderRefundsPostgres(db).begin(
      sale.orderId,
      { reason: null, actor: { staffUserId: null, name: 'cli:test', counter: null }, runId: null },
      () => ({
        ok: true,
        refunds: [
          { paymentId: sale.paymentIds[0]!, amount: 2_500, refundType: 'CreditCard', gateway: 'Offline' },
        ],
      }),
    ),
  );
  if (begun.kind !== 'begun') throw new Error(begun.kind);
  const id = begun.refunds[0]!.id;
  await db('refunds')
    .where({ id })
    .update({ updated_at: db.raw(`now() - interval '2 minutes'`) });

  await boss.send(queues.finishRefunds, {});
  const status = async () => (await db('refunds').where({ id }).first()).status as string;
  expect(await until(async () => (await status()) === 'succeeded', 20_000)).toBe(true);
  expect(await db('offline_refunds').where({ payment_ref: ref })).toEqual([
    expect.objectContaining({ idempotency_key: `refund:${id}`, amount: 2_500 }),
  ]);
});
