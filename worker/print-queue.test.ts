import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../adapters/log.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import {
  addPrinter,
  changeJob,
  queueReceiptJob,
  queueTicketJob,
  readJob,
  type PrintActor,
} from '../adapters/postgres/printing/print-jobs.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { saleEventId } from '../test/basket.ts';
import { createTestDatabase } from '../test/database.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { startEscposPrinter, type EscposPrinter } from '../test/stand-ins/printers/escpos-printer.ts';
import {
  startFglPrinter,
  type FglPrinter,
  type PrintedTicket,
} from '../test/stand-ins/printers/fgl-printer.ts';
import { wakePrinter } from '../adapters/queue/print-queue.ts';
import { drainPrinter } from '../adapters/printing/print-runner.ts';
import { startPrintQueueWorker } from './print-queue.ts';

// The print queue against the printer stand-ins on loopback (test/stand-ins/printers/): what the
// printer's log shows is what was printed, and a ticket is marked printed only after the
// printer acknowledged it. Fast settings: 1 ms between verified tickets, short waits.

const log = createLogger('silent');
const clerk: PrintActor = { staffUserId: null, name: 'seller@foyer.local' };
const fast = { ticketDelayMs: 1, ackTimeoutMs: 5_000, faultWaitMs: 10_000, connectTimeoutMs: 2_000 };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let eventId: number;
const printers: (FglPrinter | EscposPrinter)[] = [];
let printerNo = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 8 });
  eventId = await saleEventId(db, 'HAMLET', 1);
}, 120_000);
afterAll(async () => {
  for (const p of printers) await p.close();
  await db?.destroy();
  await database?.drop();
});

const fglPrinter = async (options: { verify?: boolean } = {}) => {
  const verify = options.verify ?? true;
  const sim = await startFglPrinter({ ticketAck: verify });
  printers.push(sim);
  const row = await addPrinter(db, {
    name: `Tickets ${++printerNo}`,
    kind: 'fgl',
    address: `tcp://127.0.0.1:${sim.port}`,
    verify,
  });
  return { sim, row };
};

const orderWith = async (tickets: number) => {
  const [order] = await insertEventOrders(db, { eventId, orders: 1, ticketsPerOrder: tickets });
  const rows = await db('order_tickets')
    .where({ order_id: order!.orderId })
    .orderBy('id')
    .select('id', 'barcode');
  return {
    orderId: order!.orderId,
    ticketIds: rows.map((r) => r.id as number),
    barcodes: rows.map((r) => r.barcode),
  };
};

const barcodesOf = (tickets: readonly PrintedTicket[]) =>
  tickets.map((t) => t.items.find((i) => i.kind === 'qr')).map((i) => (i?.kind === 'qr' ? i.data : null));
const textsOf = (ticket: PrintedTicket) => ticket.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));

const queueTickets = async (printerId: number, orderId: number, reprint = false) => {
  const queued = await queueTicketJob(db, { printerId, orderId, ticketIds: null, reprint, actor: clerk });
  if (!('jobId' in queued)) throw new Error(`not queued: ${queued.refused}`);
  return queued.jobId;
};

const printedState = (ticketIds: readonly number[]) =>
  db('order_tickets')
    .whereIn('id', ticketIds)
    .orderBy('id')
    .select('print_count', db.raw('printed_at is not null as printed'));

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('printing an order’s tickets', () => {
  test('through the pg-boss worker: each ticket once, in order, acknowledged and marked printed', async () => {
    const { sim, row } = await fglPrinter();
    const order = await orderWith(3);
    const boss: PgBoss = await openJobQueue(database.url, { log, supervise: false });
    const stop = await startPrintQueueWorker({
      boss,
      log,
      drain: (printerId, signal) => drainPrinter(db, printerId, fast, signal),
      printersWithWork: async () => [],
    });
    try {
      const jobId = await queueTickets(row.id, order.orderId);
      await wakePrinter(boss, row.id);
      await until(async () => (await readJob(db, jobId))?.status === 'done', 20_000);
      expect(barcodesOf(sim.tickets)).toEqual(order.barcodes);
      expect(sim.errors).toEqual([]);
      const job = (await readJob(db, jobId))!;
      expect(job.items.map((i) => i.status)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
      expect(await printedState(order.ticketIds)).toEqual(
        order.ticketIds.map(() => ({ print_count: 1, printed: true })),
      );
    } finally {
      await stop();
      await boss.stop({ graceful: false, timeout: 2_000 });
    }
  }, 60_000);

  test('a printed ticket is printed again only by a reprint, which says REPRINT and is audited', async () => {
    const { sim, row } = await fglPrinter();
    const order = await orderWith(2);
    await queueTickets(row.id, order.orderId);
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(sim.tickets).toHaveLength(2);
    expect(textsOf(sim.tickets[0]!)).not.toContain('REPRINT');

    const again = await queueTicketJob(db, {
      printerId: row.id,
      orderId: order.orderId,
      ticketIds: null,
      reprint: false,
      actor: clerk,
    });
    expect(again).toMatchObject({ refused: 'nothing-to-print', plan: { alreadyPrinted: order.ticketIds } });

    await queueTickets(row.id, order.orderId, true);
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(barcodesOf(sim.tickets)).toEqual([...order.barcodes, ...order.barcodes]);
    expect(textsOf(sim.tickets[2]!)).toContain('REPRINT');
    expect(await printedState(order.ticketIds)).toEqual(
      order.ticketIds.map(() => ({ print_count: 2, printed: true })),
    );
    expect(await db('audit_log').where({ order_id: order.orderId, action: 'tickets.reprint' })).toHaveLength(
      1,
    );
  }, 60_000);

  test('paper out mid-job pauses with the message; the kept ticket prints once loaded; resume finishes; nothing twice', async () => {
    const { sim, row } = await fglPrinter();
    const order = await orderWith(4);
    const jobId = await queueTickets(row.id, order.orderId);
    sim.failAfter('paper-out', 2);
    const draining = drainPrinter(db, row.id, fast);
    await until(async () => (await readJob(db, jobId))?.status === 'paused');
    const paused = (await readJob(db, jobId))!;
    expect(paused.message).toBe(`${row.name}: The printer is out of paper. Load paper, then resume the job.`);
    expect(sim.tickets).toHaveLength(2);
    expect(paused.items.map((i) => i.status)).toEqual(['acknowledged', 'acknowledged', 'sent', 'pending']);

    sim.recover();
    expect(await draining).toBe('fault');
    expect((await readJob(db, jobId))!.items.map((i) => i.status)).toEqual([
      'acknowledged',
      'acknowledged',
      'acknowledged',
      'pending',
    ]);
    // Paused jobs wait for the clerk.
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(sim.tickets).toHaveLength(3);

    expect(await changeJob(db, jobId, 'resume')).toEqual({ printerId: row.id, status: 'queued' });
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(barcodesOf(sim.tickets)).toEqual(order.barcodes);
    expect((await readJob(db, jobId))!).toMatchObject({ status: 'done', message: null });
    expect(await printedState(order.ticketIds)).toEqual(
      order.ticketIds.map(() => ({ print_count: 1, printed: true })),
    );
  }, 60_000);

  test('resumed before the paper is loaded: the waiting worker carries on once it is', async () => {
    const { sim, row } = await fglPrinter();
    const order = await orderWith(3);
    const jobId = await queueTickets(row.id, order.orderId);
    sim.failAfter('paper-out', 1);
    const draining = drainPrinter(db, row.id, fast);
    await until(async () => (await readJob(db, jobId))?.status === 'paused');
    expect(await changeJob(db, jobId, 'resume')).toEqual({ printerId: row.id, status: 'queued' });
    // A second worker woken by the resume finds the printer held.
    expect(await drainPrinter(db, row.id, fast)).toBe('busy');
    sim.recover();
    expect(await draining).toBe('drained');
    expect(barcodesOf(sim.tickets)).toEqual(order.barcodes);
    expect((await readJob(db, jobId))!.status).toBe('done');
  }, 60_000);

  test('a worker stopped mid-job: the next one resumes from the first unacknowledged ticket', async () => {
    // Without ticket ACKs the printer is asked its status after each ticket (X-ON: printed),
    // and the worker waits between tickets: time enough to stop it after the first.
    const { sim, row } = await fglPrinter({ verify: false });
    const order = await orderWith(3);
    const jobId = await queueTickets(row.id, order.orderId);
    const stopping = new AbortController();
    const draining = drainPrinter(db, row.id, { ...fast, ticketDelayMs: 1_000 }, stopping.signal);
    await sim.waitForTickets(1);
    await until(async () => (await readJob(db, jobId))!.items[0]!.status === 'acknowledged');
    stopping.abort();
    expect(await draining).toBe('stopped');
    const left = (await readJob(db, jobId))!;
    expect(left.status).toBe('running');
    expect(left.items.map((i) => i.status)).toEqual(['acknowledged', 'pending', 'pending']);

    expect(await drainPrinter(db, row.id, { ...fast, ticketDelayMs: 1 })).toBe('drained');
    expect(barcodesOf(sim.tickets)).toEqual(order.barcodes);
    expect((await readJob(db, jobId))!.status).toBe('done');
  }, 60_000);

  test('a cancelled job stops before its next ticket', async () => {
    const { sim, row } = await fglPrinter();
    const order = await orderWith(2);
    const jobId = await queueTickets(row.id, order.orderId);
    expect(await changeJob(db, jobId, 'cancel')).toEqual({ printerId: row.id, status: 'cancelled' });
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(sim.tickets).toHaveLength(0);
    expect(await changeJob(db, jobId, 'resume')).toEqual({ refused: 'not-now', status: 'cancelled' });
  }, 30_000);
});

describe('printing a receipt', () => {
  const escposPrinter = async () => {
    const sim = await startEscposPrinter();
    printers.push(sim);
    const row = await addPrinter(db, {
      name: `Receipts ${++printerNo}`,
      kind: 'escpos',
      address: `tcp://127.0.0.1:${sim.port}`,
    });
    return { sim, row };
  };

  test('the sale receipt on the ESC/POS printer, acknowledged by its status', async () => {
    const { sim, row } = await escposPrinter();
    const order = await orderWith(2);
    const queued = await queueReceiptJob(db, {
      printerId: row.id,
      orderId: order.orderId,
      what: 'receipt',
      actor: clerk,
    });
    if (!('jobId' in queued)) throw new Error(queued.refused);
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(sim.receipts).toHaveLength(1);
    const name = (await db('orders').where({ id: order.orderId }).first('name')).name as string;
    expect(sim.receipts[0]!.lines.map((l) => l.text).join('\n')).toContain(name);
    expect((await readJob(db, queued.jobId))!.items.map((i) => i.status)).toEqual(['acknowledged']);
  }, 30_000);

  test('paper end pauses the receipt; once loaded it prints, once', async () => {
    const { sim, row } = await escposPrinter();
    const order = await orderWith(1);
    sim.runOutOfPaper();
    const queued = await queueReceiptJob(db, {
      printerId: row.id,
      orderId: order.orderId,
      what: 'receipt',
      actor: clerk,
    });
    if (!('jobId' in queued)) throw new Error(queued.refused);
    const draining = drainPrinter(db, row.id, fast);
    await until(async () => (await readJob(db, queued.jobId))?.status === 'paused');
    expect((await readJob(db, queued.jobId))!.message).toContain('out of paper');
    sim.loadPaper();
    expect(await draining).toBe('fault');
    await changeJob(db, queued.jobId, 'resume');
    expect(await drainPrinter(db, row.id, fast)).toBe('drained');
    expect(sim.receipts).toHaveLength(1);
    expect((await readJob(db, queued.jobId))!.status).toBe('done');
  }, 30_000);

  test('a ticket job is refused on a receipt printer', async () => {
    const { row } = await escposPrinter();
    const order = await orderWith(1);
    expect(
      await queueTicketJob(db, {
        printerId: row.id,
        orderId: order.orderId,
        ticketIds: null,
        reprint: false,
        actor: clerk,
      }),
    ).toEqual({ refused: 'wrong-printer', kind: 'escpos' });
  }, 30_000);
});
