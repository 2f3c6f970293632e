import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { createDatabase } from '../adapters/postgres/database.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { createTestDatabase, stopTestServer } from '../test/database.ts';
import { positiveArg } from './lib/args.ts';
import { printTable, writeResults } from './lib/results.ts';
import { judged, targets } from './lib/targets.ts';

// `npm run bench -- refunds`: an event cancelled with 5,000 paid orders (`--orders N`), two
// tickets each, every tenth paid cash and the rest by card on the offline processor, through
// `foyer event cancel --refund --fee 1.00 --yes --concurrency 8` as an operator runs it. The
// command is killed with SIGKILL once half the orders are worked, then started again and run to
// the end. Then every payment is checked: refunded exactly once, for what it paid less the fee,
// at the processor (offline_refunds) and in the database (refunds). The orders are written in
// bulk (test/event-orders.ts) on a fresh demo database.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEE = 100;

const foyer = (
  url: string,
  dataDir: string,
  eventId: number,
): { child: ChildProcess; done: Promise<number | null> } => {
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      'cli/main.ts',
      'event',
      'cancel',
      String(eventId),
      '--refund',
      '--fee',
      '1.00',
      '--yes',
      '--concurrency',
      '8',
      '--report',
      path.join(dataDir, 'report.csv'),
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
  const done = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== null && code !== 0) process.stderr.write(stderr);
      resolve(code);
    }),
  );
  return { child, done };
};

const worked = async (db: Knex) =>
  Number((await db('event_cancellation_orders').whereNot({ status: 'pending' }).count('* as n'))[0]!.n);

export default async (args: string[]): Promise<void> => {
  const count = positiveArg(args, 'orders', 5_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-bench-refunds-'));
  const database = await createTestDatabase();
  const db = createDatabase(database.url, { max: 4 });
  try {
    const event: { id: number } = await db('events as e')
      .where('e.status', 'Active')
      .whereRaw(`e.starts_at > now() + interval '1 day'`)
      .orderByRaw(
        `(select count(*) from event_seats es where es.event_id = e.id and es.status = 'Open') desc`,
      )
      .first('e.id');
    process.stdout.write(`Writing ${count.toLocaleString('en')} paid orders of event ${event.id}...\n`);
    const orders = await insertEventOrders(db, {
      eventId: event.id,
      orders: count,
      cash: (i) => i % 10 === 0,
    });

    const started = performance.now();
    const first = foyer(database.url, dataDir, event.id);
    let killedAt = 0;
    for (;;) {
      const exited = await Promise.race([
        first.done.then(() => true),
        new Promise((r) => setTimeout(r, 200, false)),
      ]);
      if (exited) break;
      const n = await worked(db).catch(() => 0);
      if (n >= count / 2) {
        killedAt = n;
        first.child.kill('SIGKILL');
        await first.done;
        break;
      }
    }
    process.stdout.write(`Killed with SIGKILL after ${killedAt} orders worked; starting again...\n`);
    const second = foyer(database.url, dataDir, event.id);
    const code = await second.done;
    const seconds = (performance.now() - started) / 1000;

    const succeeded = Number(
      (
        await db('refunds').where({ status: 'succeeded' }).whereNotNull('cancellation_run_id').count('* as n')
      )[0]!.n,
    );
    const duplicates = Number(
      (
        await db.raw(`
          select (select count(*) from (select payment_id from refunds where status <> 'failed'
                    group by payment_id having count(*) > 1) d)
               + (select count(*) from (select payment_ref from offline_refunds
                    group by payment_ref having count(*) > 1) p) as n`)
      ).rows[0].n,
    );
    const expected = new Map(orders.map((o) => [o.paymentId, o.amount - FEE]));
    const refunded: { payment_id: number; amount: number }[] = await db('refunds')
      .where({ status: 'succeeded' })
      .groupBy('payment_id')
      .select('payment_id', db.raw('sum(amount)::int as amount'));
    const got = new Map(refunded.map((r) => [r.payment_id, r.amount]));
    const missing = [...expected].filter(([paymentId, amount]) => got.get(paymentId) !== amount).length;
    const notDone = Number(
      (await db('event_cancellation_orders').whereNot({ status: 'done' }).count('* as n'))[0]!.n,
    );

    const t = targets.refunds;
    printTable(
      `Event cancellation of ${count.toLocaleString('en')} paid orders, killed once midway (exit ${code})`,
      [
        { metric: 'refunds_per_s', value: succeeded / seconds, unit: 'refunds/s' },
        { metric: 'seconds', value: seconds, unit: 's' },
        { metric: 'killed_after', value: killedAt, unit: 'orders' },
        { metric: 'duplicates', value: duplicates, unit: 'payments', ...judged(t.duplicates, duplicates) },
        { metric: 'missing', value: missing, unit: 'payments', ...judged(t.missing, missing) },
        { metric: 'not_done', value: notDone, unit: 'orders', ...judged(t.not_done, notDone) },
      ],
    );
    const file = await writeResults('refunds', {
      refunds_per_s: Math.round((succeeded / seconds) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      killed_after: killedAt,
      duplicates,
      missing,
      not_done: notDone,
    });
    process.stdout.write(`Wrote ${file}\n`);
  } finally {
    await db.destroy();
    await database.drop();
    await stopTestServer();
    await rm(dataDir, { recursive: true, force: true });
  }
};
