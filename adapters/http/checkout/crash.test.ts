import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabase } from '../../postgres/database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { plainOpenSeats, saleEventId } from '../../../test/basket.ts';
import { checkoutBody } from './test-browser.ts';

// A payment that succeeded is never lost, and a crash between charge and order is
// repaired on retry. The real server runs as a child process and is killed with SIGKILL at random
// moments while buyers check out over HTTP; each unfinished checkout is retried with the same
// IdempotencyKey against the restarted server. Afterwards: every succeeded payment has exactly
// one order, no order lacks a succeeded payment, no seat is sold twice, one charge per key.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHECKOUTS = 36;
const CLIENTS = 6;
const KILLS = 4;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let child: ChildProcess | undefined;
let baseUrl = '';
let generation = 0;

/** Starts `node server/main.ts` on a free port and waits for its address. */
const startServer = () =>
  new Promise<void>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: '0',
        WORKERS: 'true',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        BASKET_HOLD_MINUTES: '15',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let out = '';
    let err = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Foyer is open: (http:\/\/\S+)/.exec(out);
      if (url && !baseUrl.endsWith(url[1]!)) {
        baseUrl = url[1]!.replace('localhost', '127.0.0.1');
        generation++;
        resolve();
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && signal !== 'SIGTERM') reject(new Error(`server exited ${code}: ${err}`));
    });
  });

const killServer = async () => {
  const proc = child;
  if (!proc || proc.exitCode !== null) return;
  baseUrl = '';
  const gone = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await gone;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = { status: number; json: any };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One HTTP call to whichever server is up now; a dead server throws (the caller retries). */
const call = async (
  method: string,
  url: string,
  cookies: Map<string, string>,
  body?: unknown,
): Promise<Reply> => {
  while (!baseUrl) await sleep(20);
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': cookies.get('foyer_csrf') ?? '',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    if (value) cookies.set(name!, value);
  }
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
};

let interrupted = 0;

/** Retries a step until the server answers it (connection errors and 5xx are crashes here). */
const untilAnswered = async (step: () => Promise<Reply>, counts = false) => {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      const res = await step();
      if (res.status < 500) return res;
    } catch {
      // The server died under us: try again against the restarted one.
      if (counts && attempt === 0) interrupted++;
    }
    await sleep(50);
  }
  throw new Error('the server never answered');
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
  await startServer();
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const gone = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([gone, sleep(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await db?.destroy();
  await database?.drop();
});

test('checkouts survive SIGKILL at random moments: one order per payment, no seat sold twice', async () => {
  const eventId = await saleEventId(db, 'HAMLET', 5);
  // Two seats per checkout: a hold whose answer was lost keeps its seat, so a retry takes the next.
  const seats = (await plainOpenSeats(db, eventId, CHECKOUTS * 3)).map((s) => s.key);
  let nextSeat = 0;
  const results: { key: string; basket: string; orderId: number }[] = [];
  let done = false;

  const buy = async () => {
    const cookies = new Map<string, string>();
    await untilAnswered(() => call('GET', '/healthz', cookies));
    // Hold a seat (a lost answer leaves that basket behind: hold another seat in a new one).
    for (;;) {
      cookies.delete('foyer_basket');
      const seat = seats[nextSeat++]!;
      let held: { status: number } | undefined;
      try {
        held = await call('POST', '/api/baskets/additems', cookies, {
          eventId,
          salesChannel: 'Web',
          basketItems: [{ Key: seat }],
        });
      } catch {
        held = undefined;
      }
      if (held?.status === 200 && cookies.get('foyer_basket')) break;
      await sleep(50);
    }
    const token = await untilAnswered(() =>
      call('POST', '/api/offline/tokens', cookies, {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      }),
    );
    expect(token.status).toBe(200);
    const body = checkoutBody(token.json, { IdempotencyKey: randomUUID() });
    const paid = await untilAnswered(() => call('POST', '/api/checkout', cookies, body), true);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    results.push({
      key: body.IdempotencyKey as string,
      basket: cookies.get('foyer_basket')!,
      orderId: paid.json.Order.ID,
    });
  };

  let started = 0;
  const client = async () => {
    while (started < CHECKOUTS) {
      started++;
      await buy();
    }
  };
  // Kill when random numbers of checkouts have finished, a random moment later: mid-flight.
  const killAt = [
    ...new Set(Array.from({ length: KILLS }, () => 1 + Math.floor(Math.random() * (CHECKOUTS - 8)))),
  ].sort((a, b) => a - b);
  const killer = async () => {
    for (const at of killAt) {
      while (results.length < at && !done) await sleep(5);
      if (done) break;
      await sleep(Math.random() * 60);
      await killServer();
      await startServer();
    }
  };
  const buyers = Promise.all(Array.from({ length: CLIENTS }, client)).finally(() => (done = true));
  const kills = killer();
  await buyers;
  await kills;
  expect(generation).toBeGreaterThan(1);
  process.stdout.write(
    `crash test: ${generation - 1} restarts, ${interrupted} checkouts cut off and retried\n`,
  );

  // Each buyer's order is the one the database made for their payment.
  expect(results).toHaveLength(CHECKOUTS);
  for (const r of results) {
    const payment = await db('payments').where({ idempotency_key: r.key }).first();
    expect(payment).toMatchObject({ status: 'succeeded', order_id: r.orderId, basket_id: r.basket });
  }
  // Every succeeded payment has exactly one order; nothing is left unsettled.
  const succeeded = await db('payments').where({ status: 'succeeded' }).select('order_id');
  expect(succeeded.every((p) => p.order_id !== null)).toBe(true);
  expect(new Set(succeeded.map((p) => p.order_id)).size).toBe(succeeded.length);
  expect(await db('payments').whereIn('status', ['pending', 'requires_action']).count({ n: '*' })).toEqual([
    { n: 0 },
  ]);
  // No order lacks a succeeded payment.
  const orphans = await db('orders as o')
    .leftJoin('payments as p', (j) => j.on('p.order_id', 'o.id').andOnVal('p.status', 'succeeded'))
    .whereNull('p.id')
    .count({ n: '*' });
  expect(orphans).toEqual([{ n: 0 }]);
  expect(await db('orders').count({ n: '*' })).toEqual([{ n: CHECKOUTS }]);
  // No seat sold twice, and every sold seat belongs to the order that has its ticket.
  const doubles = await db('order_tickets')
    .whereNotNull('seat_id')
    .groupBy('event_id', 'seat_id')
    .havingRaw('count(*) > 1')
    .select('seat_id');
  expect(doubles).toEqual([]);
  const mismatched = await db('order_tickets as t')
    .join('event_seats as es', (j) => j.on('es.event_id', 't.event_id').andOn('es.seat_id', 't.seat_id'))
    .whereRaw(`es.status <> 'Sold' or es.order_id is distinct from t.order_id`)
    .count({ n: '*' });
  expect(mismatched).toEqual([{ n: 0 }]);
  // One charge per key at the processor.
  const charges = await db('offline_payments')
    .whereIn(
      'idempotency_key',
      results.map((r) => r.key),
    )
    .groupBy('idempotency_key')
    .select('idempotency_key', db.raw('count(*)::int as n'));
  expect(charges).toHaveLength(CHECKOUTS);
  expect(charges.every((c) => c.n === 1)).toBe(true);
}, 120_000);
