import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../log.ts';
import { PrintQueue } from '../../core/printing/ports.ts';
import {
  addPrinter,
  changeJob,
  changeUsherMessage,
  listPrinters,
  markTicketPrinted,
  printersWithWork,
  queueReceiptJob,
  queueTicketJob,
  readJob,
} from '../postgres/printing/print-jobs.ts';
import { wakePrinter } from '../queue/print-queue.ts';
import { drainPrinter, type PrintQueueOptions } from './print-runner.ts';

// The print queue port (core/printing/ports.ts) on PostgreSQL. A new job or a resumed one wakes
// its printer: a pg-boss job for the workers (worker/print-queue.ts), or, with no job queue (a
// single process in development, tests), the printer drained here in the background.

export type WakePrinter = (printerId: number) => Promise<void>;

export const pgBossWake =
  (boss: PgBoss): WakePrinter =>
  async (printerId) => {
    await wakePrinter(boss, printerId);
  };

export const inProcessWake =
  (db: Knex, log: Logger): WakePrinter =>
  async (printerId) => {
    drainPrinter(db, printerId).catch((error: unknown) => log.error(`printer ${printerId}`, error));
  };

const UNIQUE_VIOLATION = '23505';

export const PrintQueuePostgres = (db: Knex, wake: WakePrinter, options: PrintQueueOptions = {}) =>
  Layer.succeed(
    PrintQueue,
    PrintQueue.of({
      printers: () => Effect.promise(() => listPrinters(db)),
      addPrinter: (printer) =>
        Effect.promise(() =>
          addPrinter(db, printer).catch((error: { code?: string }) => {
            if (error.code === UNIQUE_VIOLATION) return null;
            throw error;
          }),
        ),
      queueTickets: (request) =>
        Effect.promise(async () => {
          const queued = await queueTicketJob(db, request);
          if ('jobId' in queued) await wake(request.printerId);
          return queued;
        }),
      queueReceipt: (request) =>
        Effect.promise(async () => {
          const queued = await queueReceiptJob(db, request);
          if ('jobId' in queued) await wake(request.printerId);
          return queued;
        }),
      job: (jobId) => Effect.promise(() => readJob(db, jobId)),
      change: (jobId, action) =>
        Effect.promise(async () => {
          const changed = await changeJob(db, jobId, action);
          if ('status' in changed && !('refused' in changed) && changed.status === 'queued')
            await wake(changed.printerId);
          return changed;
        }),
      ticketByBarcode: (barcode) =>
        Effect.promise(async () => {
          const row = await db('order_tickets').where({ barcode }).first('id', 'order_id');
          return row ? { ticketId: row.id as number, orderId: row.order_id as number } : null;
        }),
      ticket: (ticketId) =>
        Effect.promise(async () => {
          const row = await db('order_tickets').where({ id: ticketId }).first('printed_at', 'usher_message');
          return row
            ? { printed: row.printed_at !== null, usherMessage: row.usher_message as string | null }
            : null;
        }),
      markPrinted: (ticketId) => Effect.promise(() => markTicketPrinted(db, ticketId)),
      changeUsherMessage: (ticketId, message) =>
        Effect.promise(() => changeUsherMessage(db, ticketId, message)),
      drain: (printerId, signal) => Effect.promise(() => drainPrinter(db, printerId, options, signal)),
      printersWithWork: () => Effect.promise(() => printersWithWork(db)),
    }),
  );
