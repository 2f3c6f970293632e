import type { Knex } from 'knex';
import type {
  BatchPrintRequest,
  BatchQueued,
  BatchRefused,
  BulkPrintRequest,
  BulkQueued,
} from '../../../core/printing/ports.ts';
import { activeTicketsOfEvent, eventExists, unfinishedTicketJobs } from './print-commands.ts';
import { queueTicketJob } from './print-jobs.ts';

// Many orders queued at once from the box office: an event's tickets (as `foyer print batch`
// does, cli/commands/print-run.ts, with the same queries) and a page of the orders awaiting print
// at the counter (orders.awaiting_print). An order with a ticket job still unfinished (queued,
// running or paused) is not queued again: its job is named instead, so no ticket prints twice.

const ticketPrinterRefusal = async (db: Knex, printerId: number): Promise<BatchRefused | null> => {
  const printer = await db('printers').where({ id: printerId, active: true }).first('kind');
  if (!printer) return { refused: 'no-printer' };
  if (printer.kind !== 'fgl') return { refused: 'wrong-printer', kind: printer.kind };
  return null;
};

const unfinishedByOrder = async (db: Knex, orderIds: readonly number[]) => {
  const byOrder = new Map<number, number>();
  for (const job of await unfinishedTicketJobs(db, orderIds))
    if (!byOrder.has(job.orderId)) byOrder.set(job.orderId, job.jobId);
  return byOrder;
};

/** An event's Active tickets, a job per order; tickets printed before only unless `onlyUnprinted`. */
export const queueEventBatch = async (
  db: Knex,
  request: BatchPrintRequest,
): Promise<BatchQueued | BatchRefused> => {
  const refused = await ticketPrinterRefusal(db, request.printerId);
  if (refused) return refused;
  if (!(await eventExists(db, request.eventId))) return { refused: 'no-event' };
  const orders = await activeTicketsOfEvent(db, request.eventId);
  const unfinished = await unfinishedByOrder(
    db,
    orders.map((o) => o.orderId),
  );
  const jobIds: number[] = [];
  let tickets = 0;
  let alreadyPrinted = 0;
  for (const order of orders) {
    const running = unfinished.get(order.orderId);
    if (running !== undefined) {
      jobIds.push(running);
      continue;
    }
    const queued = await queueTicketJob(db, {
      printerId: request.printerId,
      orderId: order.orderId,
      ticketIds: order.ticketIds,
      reprint: !request.onlyUnprinted,
      actor: request.actor,
    });
    if ('jobId' in queued) {
      jobIds.push(queued.jobId);
      tickets += queued.plan.print.length;
      alreadyPrinted += queued.plan.alreadyPrinted.length;
    } else if (queued.refused === 'nothing-to-print') alreadyPrinted += queued.plan.alreadyPrinted.length;
    // The printer was checked above; it may have been removed since.
    else if (queued.refused !== 'no-order') return queued;
  }
  return { jobIds, tickets, alreadyPrinted };
};

/** Orders delivered at the counter with an Active ticket not printed (of `eventId` when given). */
const awaitingPrint = (db: Knex, eventId: number | null) =>
  db('orders as o')
    .where('o.awaiting_print', true)
    .whereExists(
      db('order_tickets as t')
        .whereRaw('t.order_id = o.id')
        .where('t.status', 'Active')
        .whereNull('t.printed_at')
        .modify((q) => {
          if (eventId !== null) q.where('t.event_id', eventId);
        }),
    );

/** A page (1-based) of the orders awaiting print, oldest first, each queued on the ticket printer. */
export const queueAwaitingPage = async (
  db: Knex,
  request: BulkPrintRequest,
): Promise<BulkQueued | BatchRefused> => {
  const refused = await ticketPrinterRefusal(db, request.printerId);
  if (refused) return refused;
  if (request.eventId !== null && !(await eventExists(db, request.eventId))) return { refused: 'no-event' };
  const counted = await awaitingPrint(db, request.eventId).count<{ n: string }[]>({ n: '*' });
  const page = await awaitingPrint(db, request.eventId)
    .orderBy('o.id')
    .offset((request.pageNumber - 1) * request.pageSize)
    .limit(request.pageSize)
    .pluck('o.id');
  const orderIds = page as number[];
  const unfinished = await unfinishedByOrder(db, orderIds);
  const orders: { orderId: number; jobId: number | null; tickets: number }[] = [];
  for (const orderId of orderIds) {
    const running = unfinished.get(orderId);
    if (running !== undefined) {
      const left = await db('print_job_items')
        .where({ job_id: running })
        .whereNot({ status: 'acknowledged' })
        .count<{ items: string }[]>({ items: '*' });
      orders.push({ orderId, jobId: running, tickets: Number(left[0]?.items ?? 0) });
      continue;
    }
    const queued = await queueTicketJob(db, {
      printerId: request.printerId,
      orderId,
      ticketIds: null,
      reprint: false,
      actor: request.actor,
    });
    orders.push(
      'jobId' in queued
        ? { orderId, jobId: queued.jobId, tickets: queued.plan.print.length }
        : { orderId, jobId: null, tickets: 0 },
    );
  }
  return { orders, totalOrders: Number(counted[0]?.n ?? 0) };
};
