import type { PgBoss } from 'pg-boss';
import { queues } from './jobs.ts';

/** Asks the workers to drain a printer's queue (after a new job, a resume); worker/print-queue.ts. */
export const wakePrinter = (boss: PgBoss, printerId: number) =>
  boss.send(queues.printPrinter, { printerId }, { singletonKey: `printer:${printerId}` });
