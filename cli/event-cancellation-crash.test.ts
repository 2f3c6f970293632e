import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../adapters/postgres/database.ts';
import { insertEventOrders, type EventOrder } from '../test/event-orders.ts';
import { createTestDatabase } from '../test/database.ts';
import { saleEventId } from '../test/basket.ts';

// `foyer event cancel --refund` killed with SIGKILL at random points, several times, then run to
// the end: every order is refunded exactly once, at the processor and in the database, and no
// order is left pending. The kills land wherever the run happens to be: between a refund's save
// and the processor's answer, between the processor's answer and its record, between a
// cancellation and its refund, or with the work list row still locked.

const root = path.resolve(import.meta.dirname, '..');
const FEE = 200; // --fee 2.00
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-event-cancel-crash-'));
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command; with `killAfterMs` it is killed with SIGKILL that long after its first
 * progress line (the run has started working orders by then).
 */
const foyer = (args: string[], killAfterMs?: number) =>
  new Promise<Ran>((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let armed = false;
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => {
      stderr += c;
      if (killAfterMs !== undefined && !armed && /orders\/s/.test(stderr)) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });

const expectEveryOrderRefundedOnce = async (orders: readonly EventOrder[]) => {
  const refunds: { payment_id: number; amount: number; status: string }[] = await db('refunds').whereIn(
    'payment_id',
    orders.map((o) => o.paymentId),
  );
  const atProcessor: { payment_ref: string; amount: number }[] = await db('offline_refunds').whereIn(
    'payment_ref',
    orders.flatMap((o) => (o.paymentRef ? [o.paymentRef] : [])),
  );
  for (const order of orders) {
    const rows = refunds.filter((r) => r.payment_id === order.paymentId && r.status !== 'failed');
    expect(
      rows.map((r) => [r.amount, r.status]),
      `order ${order.orderId}`,
    ).toEqual([[order.amount - FEE, 'succeeded']]);
    if (order.paymentRef)
      expect(
        atProcessor.filter((r) => r.payment_ref === order.paymentRef).map((r) => r.amount),
        `order ${order.orderId} at the processor`,
      ).toEqual([order.amount - FEE]);
  }
};

describe('foyer event cancel, killed and started again', { timeout: 600_000 }, () => {
  it('refunds every order exactly once, none twice, none forgotten', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const orders = await insertEventOrders(db, { eventId, orders: 60, cash: (i) => i % 6 === 0 });
    const args = [
      'event',
      'cancel',
      String(eventId),
      '--refund',
      '--fee',
      '2.00',
      '--yes',
      '--concurrency',
      '4',
    ];
    let kills = 0;
    const workedAtKills: number[] = [];
    for (let i = 0; i < 6 && kills < 4; i++) {
      const ran = await foyer(args, Math.floor(Math.random() * 700));
      if (ran.signal === 'SIGKILL') {
        kills++;
        workedAtKills.push(
          Number(
            (await db('event_cancellation_orders').whereNot({ status: 'pending' }).count('* as n'))[0]!.n,
          ),
        );
      } else {
        // It finished before the kill: nothing left to kill.
        expect(ran.code, ran.stderr).toBe(0);
        break;
      }
    }
    // At least one kill landed midway: some orders worked, some still to do.
    expect(
      workedAtKills.some((n) => n > 0 && n < 60),
      `worked at each kill: ${workedAtKills.join(', ')}`,
    ).toBe(true);
    const last = await foyer(args);
    expect(last.code, last.stderr).toBe(0);
    // The last kill may have landed after the run finished its work: then nothing is left to do.
    expect(last.stdout).toMatch(
      /Every order is done; the run is finished\.|is already cancelled and has no order left with a ticket of it/,
    );

    const rows = await db('event_cancellation_orders as w')
      .join('event_cancellations as r', 'r.id', 'w.run_id')
      .where('r.event_id', eventId)
      .select('w.status', 'w.refunded', 'w.order_id');
    expect(rows).toHaveLength(60);
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
    expect(await db('event_cancellations').where({ event_id: eventId })).toMatchObject([
      { status: 'finished' },
    ]);
    await expectEveryOrderRefundedOnce(orders);
    const active = await db('order_tickets').where({ event_id: eventId, status: 'Active' });
    expect(active).toEqual([]);
    // One fee kept per order, one cancellation per order.
    const adjustments = await db('order_adjustments')
      .whereIn(
        'order_id',
        orders.map((o) => o.orderId),
      )
      .groupBy('kind')
      .select('kind', db.raw('count(*)::int as n'));
    expect(Object.fromEntries(adjustments.map((a) => [a.kind, a.n]))).toEqual({
      cancellation: 60,
      cancellation_fee: 60,
    });
  });
});
