import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import type { DrainOutcome } from '../core/printing/ports.ts';
import { PrintPrinterJob, queues } from '../adapters/queue/jobs.ts';
import { wakePrinter } from '../adapters/queue/print-queue.ts';

// The print worker: a pg-boss job per printer with work (`print.printer`, keyed by printer:
// adapters/queue/jobs.ts; sent by adapters/queue/print-queue.ts) drains that printer's jobs in
// order (adapters/printing/print-runner.ts). Printers work side by side. As it starts, it wakes
// every printer with work a stopped or killed worker left, which then resumes from the first
// item the printer did not acknowledge.

/** Drains one printer's queue until `signal` (the worker stopping). */
export type DrainPrinter = (printerId: number, signal: AbortSignal) => Promise<DrainOutcome>;

export const startPrintQueueWorker = async (options: {
  readonly boss: PgBoss;
  readonly log: Logger;
  readonly drain: DrainPrinter;
  /** Printers with work left by a worker that stopped (or died): woken as this one starts. */
  readonly printersWithWork: () => Promise<readonly number[]>;
}): Promise<() => Promise<void>> => {
  const { boss, log, drain } = options;
  const stopping = new AbortController();
  await boss.work(queues.printPrinter, { batchSize: 1, localConcurrency: 4 }, async ([job]) => {
    const parsed = PrintPrinterJob.safeParse(job?.data);
    if (!parsed.success) {
      log.warn(`dropped print job ${job?.id}: ${parsed.error.issues[0]?.message}`);
      return;
    }
    const outcome = await drain(parsed.data.printerId, stopping.signal);
    // Another worker holds the printer: try again shortly, so a job queued as it finished runs.
    if (outcome === 'busy') throw new Error(`printer ${parsed.data.printerId} is busy`);
    if (outcome === 'fault') log.warn(`printer ${parsed.data.printerId}: a job paused on a fault`);
  });
  for (const printerId of await options.printersWithWork()) await wakePrinter(boss, printerId);
  return async () => {
    stopping.abort();
    await boss.offWork(queues.printPrinter);
  };
};
