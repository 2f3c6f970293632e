import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../adapters/postgres/database.ts';
import { escposReceipt } from '../adapters/printing/escpos.ts';
import { fglTicket } from '../adapters/printing/fgl.ts';
import { orderDocumentFactory } from '../core/orders/test-factories.ts';
import { designSaleReceipt } from '../core/printing/receipt-design.ts';
import { designTicket } from '../core/printing/ticket-design.ts';
import { positiveArg } from './lib/args.ts';
import { processCpuMs } from './lib/cpu.ts';
import { printTable, writeResults } from './lib/results.ts';
import { judged, targets } from './lib/targets.ts';
import { createTestDatabase, stopTestServer } from '../test/database.ts';
import { startFglPrinter } from '../test/stand-ins/printers/fgl-printer.ts';
import {
  auditPrinted,
  jobsDone,
  printedBarcodes,
  queueTicketBatch,
  startWorker,
  until,
} from '../worker/ticket-batch.ts';

// `npm run bench -- printing`, in two parts.
//
// The encoders alone, no printer and no queue: lays out and encodes 10,000 thermal tickets as FGL
// (alternating 200 and 300 dpi, with and without a stub, every tenth a reprint) and 10,000 sale
// receipts as ESC/POS through @point-of-sale/receipt-printer-encoder, after a warm-up of 500
// each, on this thread (`--count N` changes 10,000).
//
// Then a batch through the real queue: 1,000 paid orders of two tickets (`--batch N` tickets)
// queued one job per order, as `foyer print batch` does, to the FGL printer stand-in
// (test/stand-ins/printers/fgl-printer.ts) in verify mode (a ticket ACK after each, 1 ms
// between tickets), printed by `npm run worker` (PostgreSQL, pg-boss, the print runner) in a
// process of its own, with no kill. The rate runs from the first ticket out of the printer to the
// last, so the worker's start is left out. The CPU the worker process spends per ticket meanwhile
// is a figure a busy machine moves less than the rate; so is the stand-in's, which draws each
// ticket it prints (a PNG, as in tests) in this process before its ACK, and so paces the batch. Then every barcode is looked for at the printer: printed twice
// or never. The database is a scratch one on the server of DATABASE_URL, or the embedded
// PostgreSQL (test/database.ts).

const WARM_UP = 500;

const doc = orderDocumentFactory();
const header = {
  name: 'The Grand Theatre',
  lines: ['1 Strand, London WC2'],
  timeZone: 'Europe/London',
  printedAt: new Date('2026-11-26T15:00:00Z'),
  cashier: 'Sam',
};

const ticket = (i: number) =>
  fglTicket(
    designTicket(
      {
        doc,
        ticket: doc.tickets[i % doc.tickets.length]!,
        stub: i % 2 === 0,
        reprint: i % 10 === 0,
        obscurePrice: i % 7 === 0,
        usherMessage: 'Enter by door C',
      },
      i % 2 === 0 ? 200 : 300,
    ),
  );

const receipt = (i: number) =>
  escposReceipt(
    designSaleReceipt({
      doc: { ...doc, orderName: `F-${100000 + i}` },
      header,
      payments: [
        { method: 'card', amount: 10000, cardBrand: 'Visa', last4: '4242' },
        { method: 'cash', amount: 5000 + (i % 100) },
      ],
    }),
  );

/** Runs `make` for 0 .. count - 1 and returns per second, keeping the output's size so it is not optimised away. */
const rate = (count: number, make: (i: number) => { length: number }) => {
  let bytes = 0;
  for (let i = 0; i < WARM_UP; i++) bytes += make(i).length;
  const started = performance.now();
  for (let i = 0; i < count; i++) bytes += make(i).length;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, bytesPerItem: bytes / (count + WARM_UP) };
};

/** The batch printed by `npm run worker` to the FGL stand-in in verify mode. */
const printBatch = async (tickets: number) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-bench-printing-'));
  const database = await createTestDatabase();
  const db = createDatabase(database.url, { max: 4 });
  const printer = await startFglPrinter({ ticketAck: true });
  let worker: ReturnType<typeof startWorker> | undefined;
  try {
    process.stdout.write(
      `Queueing ${tickets.toLocaleString('en')} tickets (${tickets / 2} orders of two)...\n`,
    );
    const batch = await queueTicketBatch(db, {
      orders: Math.ceil(tickets / 2),
      printerPort: printer.port,
      verify: true,
    });
    // The worker wakes the printers with work as it starts (worker/print-queue.ts).
    worker = startWorker(database.url, dataDir);
    const exited = worker.exited.then((how) => {
      throw new Error(`the worker exited (${how}): ${worker!.stderr()}`);
    });
    await Promise.race([printer.waitForTickets(1, 120_000), exited]);
    const started = performance.now();
    const first = printer.tickets.length;
    const workerCpu = processCpuMs(worker.child.pid!) ?? NaN;
    const standInCpu = process.cpuUsage();
    await Promise.race([printer.waitForTickets(batch.barcodes.length, 30 * 60_000), exited]);
    const seconds = (performance.now() - started) / 1000;
    const printed = printer.tickets.length - first;
    const perSecond = printed / seconds;
    const workerCpuMs = ((processCpuMs(worker.child.pid!) ?? NaN) - workerCpu) / printed;
    const spent = process.cpuUsage(standInCpu);
    const standInCpuMs = (spent.user + spent.system) / 1000 / printed;
    await until(
      'every job of the batch done',
      async () => (await jobsDone(db, batch)) === batch.jobIds.length,
      60_000,
    );
    // Stopped before the count: nothing more reaches the printer.
    await worker.stop('SIGTERM');
    const audit = auditPrinted(batch, printedBarcodes(printer));
    return { perSecond, seconds, workerCpuMs, standInCpuMs, tickets: batch.barcodes.length, ...audit };
  } finally {
    await worker?.stop('SIGKILL');
    await printer.close();
    await db.destroy();
    await database.drop();
    await stopTestServer();
    await rm(dataDir, { recursive: true, force: true });
  }
};

export default async (args: string[]): Promise<void> => {
  const count = positiveArg(args, 'count', 10_000);
  const batchSize = positiveArg(args, 'batch', 2_000);
  const tickets = rate(count, ticket);
  const receipts = rate(count, receipt);
  const batch = await printBatch(batchSize);
  const t = targets.printing;
  printTable(
    `Printing encoders, ${count.toLocaleString('en')} of each; a ${batch.tickets.toLocaleString('en')}-ticket batch through the queue`,
    [
      { metric: 'fgl_tickets_per_s', value: tickets.perSecond, unit: 'tickets/s' },
      { metric: 'fgl_bytes_per_ticket', value: tickets.bytesPerItem, unit: 'bytes' },
      { metric: 'receipts_per_s', value: receipts.perSecond, unit: 'receipts/s' },
      { metric: 'escpos_bytes_per_receipt', value: receipts.bytesPerItem, unit: 'bytes' },
      { metric: 'batch_tickets_per_s', value: batch.perSecond, unit: 'tickets/s' },
      { metric: 'batch_seconds', value: batch.seconds, unit: 's' },
      { metric: 'worker_cpu_ms_per_ticket', value: batch.workerCpuMs, unit: 'ms' },
      { metric: 'stand_in_cpu_ms_per_ticket', value: batch.standInCpuMs, unit: 'ms' },
      {
        metric: 'duplicates',
        value: batch.duplicates,
        unit: 'tickets',
        ...judged(t.duplicates, batch.duplicates),
      },
      { metric: 'missing', value: batch.missing, unit: 'tickets', ...judged(t.missing, batch.missing) },
      {
        metric: 'strangers',
        value: batch.strangers,
        unit: 'tickets',
        ...judged(t.strangers, batch.strangers),
      },
    ],
  );
  const file = await writeResults('printing', {
    fgl_tickets_per_s: Math.round(tickets.perSecond),
    receipts_per_s: Math.round(receipts.perSecond),
    batch_tickets_per_s: Math.round(batch.perSecond * 10) / 10,
    batch_seconds: Math.round(batch.seconds * 10) / 10,
    worker_cpu_ms_per_ticket: Math.round(batch.workerCpuMs * 10) / 10,
    stand_in_cpu_ms_per_ticket: Math.round(batch.standInCpuMs * 10) / 10,
    duplicates: batch.duplicates,
    missing: batch.missing,
    strangers: batch.strangers,
  });
  process.stdout.write(`Wrote ${file}\n`);
};
