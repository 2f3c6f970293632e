import type { Knex } from 'knex';
import {
  afterAction,
  planTicketPrint,
  progressOf,
  type PrintJobAction,
  type PrintJobStatus,
  type TicketPrintPlan,
} from '../../../core/printing/print-queue.ts';
import type {
  NewJobRefused,
  NewPrinter,
  PrintActor,
  Printer,
  PrinterKind,
  PrintJob,
  PrintJobChange,
} from '../../../core/printing/ports.ts';

export type {
  NewJobRefused,
  NewPrinter,
  PrintActor,
  Printer,
  PrintJob,
  PrintJobItem,
} from '../../../core/printing/ports.ts';

// The print queue's tables (migrations/20261212000200_print_queue.ts). The rules are in
// core/printing/print-queue.ts; the worker that runs the jobs is worker/print-queue.ts. Each
// change of an item is its own statement, so whatever the worker had done when it stopped is
// what it finds when it starts again.

const printerOf = (r: Record<string, unknown>): Printer => ({
  id: r.id as number,
  name: r.name as string,
  kind: r.kind as PrinterKind,
  address: r.address as string,
  dpi: r.dpi as 200 | 300,
  verify: r.verify as boolean,
  active: r.active as boolean,
});

export const addPrinter = async (db: Knex, printer: NewPrinter): Promise<Printer> => {
  const [row] = await db('printers')
    .insert({
      name: printer.name,
      kind: printer.kind,
      address: printer.address,
      dpi: printer.dpi ?? 200,
      verify: printer.verify ?? true,
    })
    .returning('*');
  return printerOf(row);
};

export const listPrinters = async (db: Knex): Promise<Printer[]> =>
  (await db('printers').orderBy('name')).map(printerOf);

export const findPrinter = async (db: Knex, id: number): Promise<Printer | null> => {
  const row = await db('printers').where({ id }).first();
  return row ? printerOf(row) : null;
};

/**
 * A job printing an order's tickets (`ticketIds` null: all of them) in ticket order, by the
 * reprint rule: printed tickets only when `reprint`, which is written to the audit log.
 */
export const queueTicketJob = async (
  db: Knex,
  request: {
    readonly printerId: number;
    readonly orderId: number;
    readonly ticketIds: readonly number[] | null;
    readonly reprint: boolean;
    readonly actor: PrintActor;
  },
): Promise<{ readonly jobId: number; readonly plan: TicketPrintPlan } | NewJobRefused> =>
  db.transaction(async (trx) => {
    const printer = await trx('printers').where({ id: request.printerId, active: true }).first();
    if (!printer) return { refused: 'no-printer' } as const;
    if (printer.kind !== 'fgl') return { refused: 'wrong-printer', kind: printer.kind } as const;
    const order = await trx('orders').where({ id: request.orderId }).first('id');
    if (!order) return { refused: 'no-order' } as const;
    let query = trx('order_tickets').where({ order_id: request.orderId }).orderBy('id').forUpdate();
    if (request.ticketIds !== null) query = query.whereIn('id', request.ticketIds);
    const rows = await query.select('id', 'status', 'print_count');
    const plan = planTicketPrint(
      rows.map((r) => ({ ticketId: r.id, status: r.status, printCount: r.print_count })),
      request.reprint,
    );
    if (plan.print.length === 0) return { refused: 'nothing-to-print', plan } as const;
    const [job] = await trx('print_jobs')
      .insert({
        printer_id: printer.id,
        what: 'tickets',
        order_id: request.orderId,
        reprint: request.reprint,
        staff_user_id: request.actor.staffUserId,
        staff_name: request.actor.name,
      })
      .returning('id');
    await trx('print_job_items').insert(
      plan.print.map((p, position) => ({ job_id: job.id, position, ticket_id: p.ticketId })),
    );
    if (request.reprint)
      await trx('audit_log').insert({
        staff_user_id: request.actor.staffUserId,
        actor: request.actor.name,
        action: 'tickets.reprint',
        order_id: request.orderId,
        details: JSON.stringify({ printJobId: job.id, ticketIds: plan.print.map((p) => p.ticketId) }),
      });
    return { jobId: job.id as number, plan };
  });

/** A job printing one receipt (the sale's or the refund's) of an order on a receipt printer. */
export const queueReceiptJob = async (
  db: Knex,
  request: {
    readonly printerId: number;
    readonly orderId: number;
    readonly what: 'receipt' | 'refund_receipt';
    readonly actor: PrintActor;
  },
): Promise<{ readonly jobId: number } | NewJobRefused> =>
  db.transaction(async (trx) => {
    const printer = await trx('printers').where({ id: request.printerId, active: true }).first();
    if (!printer) return { refused: 'no-printer' } as const;
    if (printer.kind !== 'escpos') return { refused: 'wrong-printer', kind: printer.kind } as const;
    const order = await trx('orders').where({ id: request.orderId }).first('id');
    if (!order) return { refused: 'no-order' } as const;
    const [job] = await trx('print_jobs')
      .insert({
        printer_id: printer.id,
        what: request.what,
        order_id: request.orderId,
        staff_user_id: request.actor.staffUserId,
        staff_name: request.actor.name,
      })
      .returning('id');
    await trx('print_job_items').insert({ job_id: job.id, position: 0 });
    return { jobId: job.id as number };
  });

export const readJob = async (db: Knex, jobId: number): Promise<PrintJob | null> => {
  const row = await db('print_jobs').where({ id: jobId }).first();
  if (!row) return null;
  const items = await db('print_job_items').where({ job_id: jobId }).orderBy('position');
  return {
    id: row.id,
    printerId: row.printer_id,
    what: row.what,
    orderId: row.order_id,
    reprint: row.reprint,
    status: row.status,
    message: row.message,
    staffName: row.staff_name,
    items: items.map((i) => ({
      id: i.id,
      position: i.position,
      ticketId: i.ticket_id,
      status: i.status,
      printedAt: i.printed_at,
    })),
  };
};

export const jobProgress = (job: PrintJob) => progressOf(job.items);

/** The printer's oldest job still to run (queued, or running when a worker stopped), now running. */
export const takeNextJob = async (db: Knex, printerId: number): Promise<number | null> => {
  const [row] = await db('print_jobs')
    .whereIn(
      'id',
      db('print_jobs')
        .where({ printer_id: printerId })
        .whereIn('status', ['queued', 'running'])
        .orderBy('id')
        .limit(1)
        .select('id'),
    )
    .update({ status: 'running', started_at: db.raw('coalesce(started_at, now())') })
    .returning('id');
  return row ? (row.id as number) : null;
};

/** Printers with a job queued or left running (its worker stopped), to wake as workers start. */
export const printersWithWork = async (db: Knex): Promise<number[]> =>
  (
    await db('print_jobs')
      .whereIn('status', ['queued', 'running'])
      .distinct('printer_id')
      .orderBy('printer_id')
  ).map((r) => r.printer_id as number);

/** Written before the bytes leave: an item `sent` and never acknowledged is sent again. */
export const markSent = (db: Knex, itemId: number) =>
  db('print_job_items').where({ id: itemId, status: 'pending' }).update({ status: 'sent' });

/**
 * The printer said it printed the item: the item and its ticket are printed, once. Answers
 * false when the item was already acknowledged (nothing changes then).
 */
export const markAcknowledged = (db: Knex, itemId: number): Promise<boolean> =>
  db.transaction(async (trx) => {
    const [item] = await trx('print_job_items')
      .where({ id: itemId })
      .whereNot({ status: 'acknowledged' })
      .update({ status: 'acknowledged', printed_at: trx.fn.now() })
      .returning('ticket_id');
    if (!item) return false;
    if (item.ticket_id !== null)
      await trx('order_tickets')
        .where({ id: item.ticket_id })
        .update({ printed_at: trx.fn.now(), print_count: trx.raw('print_count + 1') });
    return true;
  });

/** A fault stops the job: paused with what the clerk must do, unless someone cancelled it. */
export const pauseForFault = (db: Knex, jobId: number, message: string) =>
  db('print_jobs')
    .where({ id: jobId })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'paused', message });

/** A job the clerk resumed while its worker still held it: running again; false if it was not resumed. */
export const runAgainIfResumed = async (db: Knex, jobId: number): Promise<boolean> =>
  (await db('print_jobs').where({ id: jobId, status: 'queued' }).update({ status: 'running' })) > 0;

export const finishJob = (db: Knex, jobId: number) =>
  db('print_jobs')
    .where({ id: jobId, status: 'running' })
    .update({ status: 'done', message: null, finished_at: db.fn.now() });

export const jobStatus = async (db: Knex, jobId: number): Promise<PrintJobStatus | null> =>
  ((await db('print_jobs').where({ id: jobId }).first('status'))?.status as PrintJobStatus | undefined) ??
  null;

/**
 * A clerk pauses, resumes or cancels a job. Answers the job's printer and new status, or why not:
 * the worker reads the status before every item, so the change takes effect at the next item.
 */
export const changeJob = (db: Knex, jobId: number, action: PrintJobAction): Promise<PrintJobChange> =>
  db.transaction(async (trx) => {
    const row = await trx('print_jobs').where({ id: jobId }).forUpdate().first('status', 'printer_id');
    if (!row) return { refused: 'no-job' } as const;
    const to = afterAction(row.status, action);
    if (to === null) return { refused: 'not-now', status: row.status } as const;
    await trx('print_jobs')
      .where({ id: jobId })
      .update({
        status: to,
        message: action === 'resume' ? null : trx.raw('message'),
        finished_at: to === 'cancelled' ? trx.fn.now() : null,
      });
    return { printerId: row.printer_id as number, status: to };
  });

/** Marks a ticket printed by hand (printed elsewhere, or the clerk saw it come out). */
export const markTicketPrinted = async (db: Knex, ticketId: number): Promise<boolean> =>
  (await db('order_tickets')
    .where({ id: ticketId })
    .update({ printed_at: db.fn.now(), print_count: db.raw('greatest(print_count, 1)') })) > 0;

export const changeUsherMessage = async (
  db: Knex,
  ticketId: number,
  message: string | null,
): Promise<boolean> =>
  (await db('order_tickets').where({ id: ticketId }).update({ usher_message: message })) > 0;
