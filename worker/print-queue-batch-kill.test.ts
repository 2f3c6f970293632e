import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../adapters/log.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { FGL_STATUS } from '../adapters/printing/fgl-status.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { wakePrinter } from '../adapters/queue/print-queue.ts';
import { createTestDatabase } from '../test/database.ts';
import { startFglPrinter, type FglPrinter } from '../test/stand-ins/printers/fgl-printer.ts';
import {
  auditPrinted,
  jobsDone,
  printedBarcodes,
  queueTicketBatch,
  startWorker,
  until,
  type RunningWorker,
} from './ticket-batch.ts';

// A 500-ticket batch (250 orders of two, one job each, as `foyer print batch` queues them) on a
// Boca printer that confirms each ticket (verify: a ticket ACK after each, 1 ms between tickets,
// core/printing/print-queue.ts), printed by `npm run worker`, which is killed with SIGKILL twice
// in the middle of the run and started again each time. Each kill lands in the one window
// core/printing/README.md names: the printer has printed the ticket (the 150th, then the 330th)
// and its ACK has not reached the worker, whose item is still `sent`. A relay between worker and
// printer (real sockets both ways) holds that ACK back, so the worker is surely waiting for it
// when it is killed. At the end each ticket came out of the printer exactly once (by the barcode
// in its QR code), each is marked printed once, and each job item is acknowledged.

const TICKETS = 500;
const KILLS_AFTER = [150, 330];

/**
 * A TCP relay to the printer that swallows the printer's `n`th ticket ACK (counted over every
 * connection) and all it says after it on that connection, as a worker killed before reading
 * it would miss it.
 */
const ackRelay = async (printerPort: number) => {
  let acks = 0;
  let swallow: { at: number; done: () => void } | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((worker) => {
    const printerSide = net.connect(printerPort, '127.0.0.1');
    let cut = false;
    for (const socket of [worker, printerSide]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        worker.destroy();
        printerSide.destroy();
      });
      socket.on('error', () => socket.destroy());
    }
    worker.on('data', (chunk: Buffer) => printerSide.write(chunk));
    printerSide.on('data', (chunk: Buffer) => {
      if (cut) return;
      for (let i = 0; i < chunk.length; i++) {
        if (chunk[i] !== FGL_STATUS.ticketAck || ++acks !== swallow?.at) continue;
        cut = true;
        worker.write(chunk.subarray(0, i));
        swallow.done();
        return;
      }
      worker.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Resolves once the `n`th ACK has been swallowed. */
    swallowAck: (n: number) => new Promise<void>((done) => (swallow = { at: n, done })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const log = createLogger('silent');
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let boss: PgBoss;
let printer: FglPrinter;
let relay: Awaited<ReturnType<typeof ackRelay>>;
let dir: string;
const workers: RunningWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 4 });
  boss = await openJobQueue(database.url, { log, supervise: false });
  printer = await startFglPrinter({ ticketAck: true });
  relay = await ackRelay(printer.port);
  dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-print-batch-kill-'));
}, 120_000);
afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL');
  await boss?.stop({ graceful: false, timeout: 2_000 });
  await relay?.close();
  await printer?.close();
  await db?.destroy();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const worker = () => {
  const started = startWorker(database.url, dir);
  workers.push(started);
  return started;
};

/** The batch's job items by status. */
const itemCounts = async (jobIds: readonly number[]) => {
  const rows: { status: string; n: number }[] = await db('print_job_items')
    .whereIn('job_id', jobIds)
    .groupBy('status')
    .select('status', db.raw('count(*)::int as n'));
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { acknowledged: count('acknowledged'), sent: count('sent'), pending: count('pending') };
};

test('a 500-ticket batch, its worker killed twice between a ticket printed and its ACK: each ticket printed once', async () => {
  const batch = await queueTicketBatch(db, { orders: TICKETS / 2, printerPort: relay.port, verify: true });
  expect(batch.barcodes).toHaveLength(TICKETS);
  await wakePrinter(boss, batch.printerId);

  for (const n of KILLS_AFTER) {
    const swallowed = relay.swallowAck(n);
    const running = worker();
    await Promise.race([
      swallowed,
      running.exited.then((how) => {
        throw new Error(`the worker exited (${how}) before the printer's ACK ${n}: ${running.stderr()}`);
      }),
    ]);
    // The printer printed its nth ticket; the worker, waiting for that ACK, has it `sent`.
    expect(auditPrinted(batch, printedBarcodes(printer)).duplicates, 'tickets printed twice').toBe(0);
    expect(printer.tickets).toHaveLength(n);
    expect(await itemCounts(batch.jobIds)).toEqual({ acknowledged: n - 1, sent: 1, pending: TICKETS - n });
    expect(await running.stop('SIGKILL'), running.stderr()).toBe('SIGKILL');
  }

  const last = worker();
  await until(
    'every job of the batch done',
    async () => (await jobsDone(db, batch)) === batch.jobIds.length,
    45_000,
  );
  await last.stop('SIGTERM');

  const printed = printedBarcodes(printer);
  expect(auditPrinted(batch, printed)).toEqual({ duplicates: 0, missing: 0, strangers: 0 });
  expect(printed).toEqual(batch.barcodes);
  expect(printer.errors).toEqual([]);

  const tickets: { print_count: number; printed: boolean }[] = await db('order_tickets')
    .whereIn('id', batch.ticketIds)
    .select('print_count', db.raw('printed_at is not null as printed'));
  expect(tickets).toHaveLength(TICKETS);
  expect(tickets.filter((t) => t.print_count !== 1 || !t.printed)).toEqual([]);

  expect(await itemCounts(batch.jobIds)).toEqual({ acknowledged: TICKETS, sent: 0, pending: 0 });
}, 150_000);
