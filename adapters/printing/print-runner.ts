import type { Knex } from 'knex';
import type { DrainOutcome } from '../../core/printing/ports.ts';
import {
  findPrinter,
  finishJob,
  jobStatus,
  markAcknowledged,
  markSent,
  pauseForFault,
  readJob,
  runAgainIfResumed,
  takeNextJob,
  type Printer,
  type PrintJob,
  type PrintJobItem,
} from '../postgres/printing/print-jobs.ts';
import { printableOrder, receiptBytes, ticketFgl } from './print-render.ts';
import { openPrinterLink, type PrinterLink } from './printer-link.ts';
import {
  delayBetweenTickets,
  faultMessage,
  nextItem,
  runnable,
  sentTicketOutcome,
  TICKET_DELAY_MS,
} from '../../core/printing/print-queue.ts';

// Running a printer's print jobs (worker/print-queue.ts runs it in a pg-boss job per printer, the
// `print.printer` queue, keyed by printer: adapters/queue/jobs.ts) in order. For each
// item (core/printing/print-queue.ts `nextItem`): written `sent`, its bytes sent, the printer's
// acknowledgement awaited (adapters/printing/printer-link.ts), then acknowledged and the ticket
// marked printed. A printer fault pauses the job with what to do; the ticket the printer kept is
// still marked printed when the printer prints it while the worker waits. A transaction-scoped
// advisory lock keeps a second worker (another process, a job pg-boss thought expired) off the
// same printer; a worker that dies releases it with its connection.

export interface PrintQueueOptions {
  /** The pause between tickets of a printer that does not confirm each (TICKET_DELAY_MS). */
  readonly ticketDelayMs?: number;
  /** How long to wait for a printer to acknowledge a piece. */
  readonly ackTimeoutMs?: number;
  /** After a fault, how long the worker waits for the kept piece to be printed. */
  readonly faultWaitMs?: number;
  readonly connectTimeoutMs?: number;
  /** How long to wait for a ticket printer's count (<S2>). */
  readonly countTimeoutMs?: number;
}

const LOCK_SPACE = 0x7072_6e74; // 'prnt': keeps our advisory locks apart from others'

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The bytes of one item, or why it cannot be printed (said to the clerk as the pause message). */
const render = async (
  db: Knex,
  printer: Printer,
  job: PrintJob,
  item: PrintJobItem,
): Promise<Uint8Array | { readonly problem: string }> => {
  const doc = job.orderId === null ? null : await printableOrder(db, job.orderId);
  if (doc === null) return { problem: `Order ${job.orderId} cannot be read.` };
  if (job.what === 'tickets') {
    const fgl = await ticketFgl(db, doc, item.ticketId ?? 0, { reprint: job.reprint, dpi: printer.dpi });
    return typeof fgl === 'string' ? Buffer.from(fgl, 'latin1') : fgl;
  }
  const receipt = await receiptBytes(db, doc, {
    orderId: job.orderId!,
    what: job.what,
    paymentId: job.paymentId,
    cashier: job.staffName,
    kickDrawer: true,
  });
  return receipt?.bytes ?? { problem: `Payment ${job.paymentId} of this order cannot be read.` };
};

/** Runs one job until done, paused, cancelled, a fault, or `signal` (the worker stopping). */
const runJob = async (
  db: Knex,
  printer: Printer,
  jobId: number,
  options: PrintQueueOptions,
  signal?: AbortSignal,
): Promise<'finished' | 'fault' | 'stopped'> => {
  const delay = delayBetweenTickets(printer.verify, options.ticketDelayMs ?? TICKET_DELAY_MS);
  let link: PrinterLink | null = null;
  let sentOne = false;
  try {
    for (;;) {
      if (signal?.aborted) return 'stopped';
      const status = await jobStatus(db, jobId);
      if (status === null || !runnable(status)) return 'finished';
      const job = (await readJob(db, jobId))!;
      const item = nextItem(job.items);
      if (item === undefined) {
        await finishJob(db, jobId);
        return 'finished';
      }
      const bytes = await render(db, printer, job, item);
      if ('problem' in bytes) {
        await pauseForFault(db, jobId, `${printer.name}: ${bytes.problem}`);
        return 'fault';
      }
      if (link === null) {
        const opened = await openPrinterLink(printer, options.connectTimeoutMs ?? 5_000);
        if (opened === 'unreachable') {
          await pauseForFault(db, jobId, faultMessage(printer.name, 'unreachable'));
          return 'fault';
        }
        link = opened;
      }
      const countTimeout = options.countTimeoutMs ?? 5_000;
      // Left `sent` by a worker killed before the printer's answer: the printer's count says
      // whether it came out (core/printing/print-queue.ts sentTicketOutcome).
      if (item.status === 'sent' && job.what === 'tickets') {
        const now = (await link.ticketCount(countTimeout)) ?? null;
        if (sentTicketOutcome(item.printerCount, now) === 'printed') {
          await markAcknowledged(db, item.id);
          continue;
        }
      }
      if (sentOne) await sleep(delay, signal);
      if (signal?.aborted) return 'stopped';
      const count = job.what === 'tickets' ? ((await link.ticketCount(countTimeout)) ?? null) : null;
      await markSent(db, item.id, count);
      sentOne = true;
      const outcome = await link.print(bytes, options.ackTimeoutMs ?? 30_000);
      if (outcome.printed) {
        await markAcknowledged(db, item.id);
        continue;
      }
      await pauseForFault(db, jobId, faultMessage(printer.name, outcome.fault));
      // The printer keeps the piece it could not print and prints it once attended to: its
      // acknowledgement then marks it printed, so resuming does not print it twice.
      if (outcome.fault !== 'no-answer' && (await link.awaitRecovery(options.faultWaitMs ?? 600_000))) {
        await markAcknowledged(db, item.id);
        // Resumed while this worker waited (its wake found the printer held): go on here.
        if (await runAgainIfResumed(db, jobId)) continue;
      }
      return 'fault';
    }
  } finally {
    link?.close();
  }
};

/**
 * Prints a printer's jobs in order until none is left to run. A fault stops the printer's
 * queue (later jobs wait for the clerk to resume the paused one); 'busy' when another worker
 * holds the printer.
 */
export const drainPrinter = async (
  db: Knex,
  printerId: number,
  options: PrintQueueOptions = {},
  signal?: AbortSignal,
): Promise<DrainOutcome> =>
  db.transaction(async (lock) => {
    const { rows } = await lock.raw('select pg_try_advisory_xact_lock(?, ?) as got', [LOCK_SPACE, printerId]);
    if (!rows[0].got) return 'busy';
    const printer = await findPrinter(db, printerId);
    if (printer === null) return 'no-printer';
    for (;;) {
      if (signal?.aborted) return 'stopped';
      const jobId = await takeNextJob(db, printerId);
      if (jobId === null) return 'drained';
      const ran = await runJob(db, printer, jobId, options, signal);
      if (ran !== 'finished') return ran;
    }
  });
