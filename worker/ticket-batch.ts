import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { addPrinter, queueTicketJob } from '../adapters/postgres/printing/print-jobs.ts';
import type { FglPrinter } from '../test/stand-ins/printers/fgl-printer.ts';
import { insertEventOrders } from '../test/event-orders.ts';

// A batch of paid orders' tickets queued to one FGL printer, as `foyer print batch` queues it
// (one job per order, in order), and what the printer stand-in printed checked against it by
// barcode. Shared by worker/print-queue-batch-kill.test.ts and `npm run bench -- printing`,
// which both print through `npm run worker` started here as a child process.

const root = path.resolve(import.meta.dirname, '..');

export interface TicketBatch {
  readonly printerId: number;
  readonly jobIds: readonly number[];
  /** Every ticket's barcode, in print order. */
  readonly barcodes: readonly string[];
  readonly ticketIds: readonly number[];
}

/** The future event with the most open seats (room for a large batch). */
export const roomiestEvent = async (db: Knex): Promise<number> => {
  const event: { id: number } | undefined = await db('events as e')
    .where('e.status', 'Active')
    .whereRaw(`e.starts_at > now() + interval '1 day'`)
    .orderByRaw(`(select count(*) from event_seats es where es.event_id = e.id and es.status = 'Open') desc`)
    .first('e.id');
  if (!event) throw new Error('no future event: is the demo data loaded?');
  return event.id;
};

/** `orders` paid orders of two tickets, each queued as a job to a new FGL printer at `printerPort`. */
export const queueTicketBatch = async (
  db: Knex,
  options: { readonly orders: number; readonly printerPort: number; readonly verify: boolean },
): Promise<TicketBatch> => {
  const eventId = await roomiestEvent(db);
  const orders = await insertEventOrders(db, { eventId, orders: options.orders, ticketsPerOrder: 2 });
  const printer = await addPrinter(db, {
    name: `Batch printer ${options.printerPort}`,
    kind: 'fgl',
    address: `tcp://127.0.0.1:${options.printerPort}`,
    verify: options.verify,
  });
  const jobIds: number[] = [];
  for (const order of orders) {
    const queued = await queueTicketJob(db, {
      printerId: printer.id,
      orderId: order.orderId,
      ticketIds: null,
      reprint: false,
      actor: { staffUserId: null, name: 'seller@foyer.local' },
    });
    if (!('jobId' in queued)) throw new Error(`order ${order.orderId}: ${queued.refused}`);
    jobIds.push(queued.jobId);
  }
  const tickets: { id: number; barcode: string }[] = await db('order_tickets')
    .whereIn(
      'order_id',
      orders.map((o) => o.orderId),
    )
    .orderBy([
      { column: 'order_id', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'barcode');
  return {
    printerId: printer.id,
    jobIds,
    barcodes: tickets.map((t) => t.barcode),
    ticketIds: tickets.map((t) => t.id),
  };
};

/** The barcode of each ticket the printer printed, in the order printed (from its QR code). */
export const printedBarcodes = (printer: FglPrinter): string[] =>
  printer.tickets.map((t) => {
    const qr = t.items.find((i) => i.kind === 'qr');
    return qr?.kind === 'qr' ? qr.data : '';
  });

/** Barcodes printed more than once (each counted once per extra copy) and never printed. */
export const auditPrinted = (batch: TicketBatch, printed: readonly string[]) => {
  const times = new Map<string, number>();
  for (const barcode of printed) times.set(barcode, (times.get(barcode) ?? 0) + 1);
  const wanted = new Set(batch.barcodes);
  return {
    duplicates: [...times].reduce((n, [, count]) => n + count - 1, 0),
    missing: batch.barcodes.filter((b) => !times.has(b)).length,
    strangers: printed.filter((b) => !wanted.has(b)).length,
  };
};

/** `npm run worker` on `databaseUrl`, as a child process (stderr kept, last 4 kB, for a failure). */
export const startWorker = (databaseUrl: string, dataDir: string) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'worker/main.ts'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return {
    child,
    exited,
    stderr: () => stderr,
    /** Ends it (SIGKILL or SIGTERM) and waits for it to be gone. */
    stop: async (signal: 'SIGKILL' | 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
};

export type RunningWorker = ReturnType<typeof startWorker>;

/** Waits until `check` holds, polling every 50 ms; throws with `what` after `ms`. */
export const until = async (what: string, check: () => Promise<boolean>, ms: number): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** How many of the batch's jobs are done. */
export const jobsDone = async (db: Knex, batch: TicketBatch): Promise<number> =>
  Number(
    (await db('print_jobs').whereIn('id', batch.jobIds).where({ status: 'done' }).count('* as n'))[0]!.n,
  );
