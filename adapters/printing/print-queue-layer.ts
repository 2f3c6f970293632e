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
import { planTicketData } from '../postgres/printing/print-data.ts';
import { queueAwaitingPage, queueEventBatch } from '../postgres/printing/print-batches.ts';
import { receiptPayment } from '../postgres/printing/print-jobs.ts';
import { wakePrinter } from '../queue/print-queue.ts';
import { printableOrder, receiptBytes, ticketFgl } from './print-render.ts';
import { drainPrinter, type PrintQueueOptions } from './print-runner.ts';

// The print queue port (core/printing/ports.ts) on PostgreSQL. A new job or a resumed one wakes
// its printer: a pg-boss job for the workers (worker/print-queue.ts), or, with no job queue (a
// single process in development, tests), the printer drained here in the background. Print data
// for the counter's bridge is rendered by the same code as the worker prints (print-render.ts).

export type WakePrinter = (printerId: number) => Promise<void>;

export const pgBossWake =
  (boss: PgBoss): WakePrinter =>
  async (printerId) => {
    await wakePrinter(boss, printerId);
  };

/**
 * A drain that finds the printer held ('busy') tries again shortly: the holder may have looked for
 * its next job just before this one was queued, and would release the printer without it.
 */
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 200;

export const inProcessWake =
  (db: Knex, log: Logger): WakePrinter =>
  async (printerId) => {
    const attempt = async (left: number): Promise<void> => {
      const outcome = await drainPrinter(db, printerId);
      if (outcome === 'busy' && left > 0)
        setTimeout(() => void attempt(left - 1).catch(fail), BUSY_RETRY_MS).unref();
    };
    const fail = (error: unknown) => log.error(`printer ${printerId}`, error);
    attempt(BUSY_RETRIES).catch(fail);
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
      ticketData: (request) =>
        Effect.promise(async () => {
          const planned = await planTicketData(db, request);
          if ('refused' in planned) return planned;
          const doc = await printableOrder(db, request.orderId);
          if (doc === null) return { refused: 'no-order' } as const;
          const tickets: { ticketId: number; fgl: string }[] = [];
          for (const p of planned.plan.print) {
            const fgl = await ticketFgl(db, doc, p.ticketId, { reprint: p.reprint, dpi: request.dpi });
            // Cancelled since it was planned: left out, as the worker would not print it.
            if (typeof fgl === 'string') tickets.push({ ticketId: p.ticketId, fgl });
            // A ticket that would be printed cut off: none of the order's is given, and why.
            else if (fgl.reason === 'off-stock')
              return { refused: 'off-stock', message: fgl.problem } as const;
          }
          return { plan: planned.plan, tickets };
        }),
      receiptData: (request) =>
        Effect.promise(async () => {
          const payment = await receiptPayment(db, request);
          if ('refused' in payment) return payment;
          const doc = await printableOrder(db, request.orderId);
          if (doc === null) return { refused: 'no-order' } as const;
          const receipt = await receiptBytes(db, doc, {
            orderId: request.orderId,
            what: request.what,
            paymentId: payment.paymentId,
            cashier: request.actor.name,
            kickDrawer: false,
          });
          return receipt ?? ({ refused: 'no-payment' } as const);
        }),
      queueBatch: (request) =>
        Effect.promise(async () => {
          const queued = await queueEventBatch(db, request);
          if ('jobIds' in queued && queued.jobIds.length > 0) await wake(request.printerId);
          return queued;
        }),
      queueBulk: (request) =>
        Effect.promise(async () => {
          const queued = await queueAwaitingPage(db, request);
          if ('orders' in queued && queued.orders.some((o) => o.jobId !== null))
            await wake(request.printerId);
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
