import http from 'node:http';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Knex } from 'knex';
import { freshArenaEvent } from './lib/arena.ts';
import { startBenchFoyer } from './lib/bench-foyer.ts';
import { percentile } from './lib/http-load.ts';
import { printTable, writeResults, type Figure } from './lib/results.ts';
import { judged, targets } from './lib/targets.ts';
import { positiveArg } from './lib/args.ts';
import { countCpu } from './lib/cpu.ts';
import { measurePgbench, pgbenchArgs, ratio, ratioFigure } from './lib/pgbench.ts';

// `npm run bench -- checkout`: end-to-end orders over HTTP with the offline test processor. Each
// order is a new buyer who holds one seat of the 20,000-seat arena (POST /api/baskets/additems)
// and checks out (POST /api/checkout) with a card tokenised beforehand (in a real browser that
// call goes to the processor, not to Foyer). Closed-loop clients on a thread of their own.
// Prints orders/s, latency percentiles and the CPU one order costs the server thread and
// PostgreSQL, then checks the database: lost payments (charged, no order) and double orders (a
// second charge or order for one key, a seat sold twice) must be 0. Then pgbench tpcb-like on the
// same PostgreSQL server: orders/s is judged as a ratio to its tps (ratio_checkout), since these
// machines' speed moves by half within an hour. Targets are printed, never asserted.

const target = targets.checkout;
const KIND = 'foyer-checkout-load';

interface LoadOptions {
  readonly baseUrl: string;
  readonly eventId: number;
  readonly seats: readonly string[];
  readonly clients: number;
  readonly csrf: string;
  readonly tokens: readonly { Token: string; CardBrand: string; CCBin: string; CCLast4: string }[];
  readonly warmupMs: number;
  readonly durationMs: number;
}

interface LoadResult {
  readonly orderMs: number[];
  readonly checkoutMs: number[];
  readonly orders: number;
  /** Orders paid during the whole load, warm-up included (what the CPU figures divide by). */
  readonly paidAll: number;
  readonly elapsedMs: number;
  readonly statusCodes: Record<string, number>;
  readonly errors: number;
}

const checkoutBody = (card: LoadOptions['tokens'][number]) => ({
  IdempotencyKey: randomUUID(),
  PaymentType: 'CreditCard',
  ...card,
  FirstName: 'Bench',
  LastName: 'Buyer',
  Email: 'bench@example.com',
  BillToAddress1: '1 Arena Way',
  BillToCity: 'Springfield',
  BillToPostalCode: '10001',
  BillToCountryCode: 'US',
  AcceptTermsOfService: true,
});

const runLoad = async (o: LoadOptions): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients });
  const orderMs: number[] = [];
  const checkoutMs: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let orders = 0;
  let paidAll = 0;
  let next = 0;
  const warmupEnds = performance.now() + o.warmupMs;
  const deadline = warmupEnds + o.durationMs;

  const post = (url: string, body: object, basket: string | null) =>
    new Promise<{ status: number; basket: string | null }>((resolve) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        `${o.baseUrl}${url}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-csrf-token': o.csrf,
            cookie: `foyer_csrf=${o.csrf}${basket ? `; foyer_basket=${basket}` : ''}`,
          },
        },
        (res) => {
          const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_basket='));
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              basket: set ? set.split(';')[0]!.split('=')[1]! : basket,
            }),
          );
        },
      );
      req.on('error', () => {
        errors++;
        resolve({ status: 0, basket });
      });
      req.end(payload);
    });

  const count = (status: number) => (statusCodes[status] = (statusCodes[status] ?? 0) + 1);

  const client = async (i: number) => {
    const card = o.tokens[i % o.tokens.length]!;
    while (performance.now() < deadline && next < o.seats.length) {
      const seat = o.seats[next++]!;
      const started = performance.now();
      const held = await post(
        '/api/baskets/additems',
        { eventId: o.eventId, salesChannel: 'Web', basketItems: [{ Key: seat }] },
        null,
      );
      if (held.status !== 200 || !held.basket) {
        count(held.status);
        continue;
      }
      const paying = performance.now();
      const paid = await post('/api/checkout', checkoutBody(card), held.basket);
      const ended = performance.now();
      if (paid.status === 200) paidAll++;
      if (started < warmupEnds || ended > deadline) continue;
      count(paid.status);
      if (paid.status !== 200) continue;
      orders++;
      orderMs.push(ended - started);
      checkoutMs.push(ended - paying);
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, i) => client(i)));
  const elapsedMs = Math.min(performance.now(), deadline) - warmupEnds;
  agent.destroy();
  return {
    orderMs: orderMs.sort((a, b) => a - b),
    checkoutMs: checkoutMs.sort((a, b) => a - b),
    orders,
    paidAll,
    elapsedMs,
    statusCodes,
    errors,
  };
};

const loadOnThread = (options: LoadOptions): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { kind: KIND, options } });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === KIND)
  parentPort?.postMessage(await runLoad((workerData as { options: LoadOptions }).options));

const parseArgs = (args: string[]) => {
  const value = (name: string, fallback: number) => positiveArg(args, name, fallback);
  return { clients: value('clients', 32), seconds: value('seconds', 15), pgbench: pgbenchArgs(args) };
};

/** The arena event, all its seats back on sale, with the plain seats the load buys. */
const arenaEvent = async (db: Knex) => {
  const arena = await freshArenaEvent(db);
  const seats: { key: string }[] = await db('seats as s')
    .join('sections as sec', 'sec.id', 's.section_id')
    .where({ 's.venue_configuration_id': arena.venue_configuration_id, 'sec.is_ga': false })
    .whereNull('s.ada_type')
    .whereNull('s.seat_alert_id')
    .orderBy('s.id')
    .select('s.key');
  return { id: arena.id, seats: seats.map((s) => s.key) };
};

/** Charged without an order, and second charges or orders for one key or seat: both must be 0. */
const audit = async (db: Knex) => {
  const one = async (sql: string) => Number((await db.raw(sql)).rows[0].n);
  const lost =
    (await one(`select count(*) as n from payments where status = 'succeeded' and order_id is null`)) +
    (await one(`select count(*) as n from offline_payments o where o.status = 'succeeded'
        and not exists (select 1 from payments p where p.idempotency_key = o.idempotency_key and p.order_id is not null)`));
  const doubles =
    (await one(
      `select count(*) as n from (select idempotency_key from offline_payments group by 1 having count(*) > 1) d`,
    )) +
    (await one(`select count(*) as n from (select basket_id from orders group by 1 having count(*) > 1) d`)) +
    (await one(`select count(*) as n from (select event_id, seat_id from order_tickets where seat_id is not null
        group by 1, 2 having count(*) > 1) d`)) +
    (await one(`select count(*) as n from orders o where not exists
        (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded')`));
  return { lost, doubles };
};

export default async function checkoutBench(args: string[] = []): Promise<void> {
  const { clients, seconds, pgbench } = parseArgs(args);
  const bench = await startBenchFoyer('checkout', { STRIPE_SECRET_KEY: '' });
  try {
    const db = bench.foyer.database.db;
    const baseUrl = bench.baseUrl;
    const event = await arenaEvent(db);
    const csrf = bench.csrfToken;
    const tokens: LoadOptions['tokens'][number][] = [];
    for (let i = 0; i < clients; i++) {
      const res = await fetch(`${baseUrl}/api/offline/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `foyer_csrf=${csrf}` },
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' }),
      });
      if (res.status !== 200) throw new Error(`tokenising failed: ${res.status} ${await res.text()}`);
      tokens.push((await res.json()) as LoadOptions['tokens'][number]);
    }
    process.stdout.write(
      `Event ${event.id}: ${clients} clients, hold one seat + check out, ${seconds} s...\n`,
    );
    const cpu = countCpu(new URL(bench.foyer.database.url).pathname.slice(1));
    const result = await loadOnThread({
      baseUrl,
      eventId: event.id,
      seats: event.seats,
      clients,
      csrf,
      tokens,
      warmupMs: 2000,
      durationMs: seconds * 1000,
    });
    const spent = cpu();
    const { lost, doubles } = await audit(db);
    const pgbenchTps = await measurePgbench({ adminUrl: bench.adminUrl, ...pgbench });
    const perOrder = (ms: number) => Math.round((ms / Math.max(1, result.paidAll)) * 100) / 100;
    const ordersPerS = result.orders / (result.elapsedMs / 1000);
    const metrics = {
      orders_per_s: Math.round(ordersPerS * 10) / 10,
      p99_ms: Math.round(percentile(result.orderMs, 99) * 10) / 10,
      p50_ms: Math.round(percentile(result.orderMs, 50) * 10) / 10,
      checkout_p99_ms: Math.round(percentile(result.checkoutMs, 99) * 10) / 10,
      lost_payments: lost,
      double_orders: doubles,
      orders: result.orders,
      failed_requests:
        result.errors +
        Object.entries(result.statusCodes)
          .filter(([s]) => s !== '200')
          .reduce((n, [, c]) => n + c, 0),
      clients,
      node_cpu_ms_per_order: perOrder(spent.threadMs),
      ...(spent.databaseMs === undefined ? {} : { pg_cpu_ms_per_order: perOrder(spent.databaseMs) }),
      pgbench_tps: pgbenchTps,
      ratio_checkout: ratio(ordersPerS, pgbenchTps),
    };
    const figures: Figure[] = [
      { metric: 'orders_per_s', value: metrics.orders_per_s, unit: 'orders/s' },
      { metric: 'p99_ms', value: metrics.p99_ms, unit: 'ms (hold + checkout)' },
      { metric: 'p50_ms', value: metrics.p50_ms, unit: 'ms (hold + checkout)' },
      { metric: 'checkout_p99_ms', value: metrics.checkout_p99_ms, unit: 'ms (checkout alone)' },
      { metric: 'lost_payments', value: lost, unit: 'payments', ...judged(target.lost_payments, lost) },
      { metric: 'double_orders', value: doubles, unit: 'orders', ...judged(target.double_orders, doubles) },
      { metric: 'orders', value: result.orders, unit: 'orders' },
      { metric: 'failed_requests', value: metrics.failed_requests, unit: 'requests' },
      { metric: 'node_cpu_ms_per_order', value: metrics.node_cpu_ms_per_order, unit: 'ms (server thread)' },
      ...(metrics.pg_cpu_ms_per_order === undefined
        ? []
        : [{ metric: 'pg_cpu_ms_per_order', value: metrics.pg_cpu_ms_per_order, unit: 'ms (its backends)' }]),
      { metric: 'pgbench_tps', value: metrics.pgbench_tps, unit: 'tps' },
      ratioFigure('ratio_checkout', metrics.ratio_checkout, target.ratio_checkout),
    ];
    printTable(`Checkout: ${clients} clients, offline processor, ${os.availableParallelism()} cpus`, figures);
    if (Object.keys(result.statusCodes).some((s) => s !== '200'))
      process.stdout.write(`status codes: ${JSON.stringify(result.statusCodes)}\n`);
    const file = await writeResults('checkout', metrics);
    process.stdout.write(`wrote ${file}\n`);
  } finally {
    await bench.stop();
  }
}
