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
  ReceiptRefused,
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

/** An order's tickets a print asks for (`ticketIds` null: all), planned by the reprint rule, locked. */
export const planOrderTickets = async (
  trx: Knex.Transaction,
  orderId: number,
  ticketIds: readonly number[] | null,
  reprint: boolean,
): Promise<TicketPrintPlan> => {
  let query = trx('order_tickets').where({ order_id: orderId }).orderBy('id').forUpdate();
  if (ticketIds !== null) query = query.whereIn('id', ticketIds);
  const rows = await query.select('id', 'status', 'print_count');
  return planTicketPrint(
    rows.map((r) => ({ ticketId: r.id, status: r.status, printCount: r.print_count })),
    reprint,
  );
};

/** A reprint is written to the audit log, whether queued or answered as print data. */
export const auditReprint = (
  trx: Knex.Transaction,
  actor: PrintActor,
  orderId: number,
  details: { readonly printJobId?: number; readonly ticketIds: readonly number[] },
) =>
  trx('audit_log').insert({
    staff_user_id: actor.staffUserId,
    actor: actor.name,
    action: 'tickets.reprint',
    order_id: orderId,
    details: JSON.stringify(details),
  });

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
    const plan = await planOrderTickets(trx, request.orderId, request.ticketIds, request.reprint);
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
      await auditReprint(trx, request.actor, request.orderId, {
        printJobId: job.id,
        ticketIds: plan.print.map((p) => p.ticketId),
      });
    return { jobId: job.id as number, plan };
  });

/**
 * The payment a receipt is of, checked against its order: a refund receipt's payment must have
 * refunds (not failed); a signature page's is the card payment named, else the order's latest.
 * `paymentId` null for a refund receipt: the order's refunds, whichever payment they came from.
 */
export const receiptPayment = async (
  db: Knex | Knex.Transaction,
  request: {
    readonly orderId: number;
    readonly what: 'receipt' | 'refund_receipt' | 'signature_page';
    readonly paymentId?: number | null;
  },
): Promise<
  { readonly paymentId: number | null } | { readonly refused: 'no-order' | 'no-payment' | 'no-refund' }
> => {
  const order = await db('orders').where({ id: request.orderId }).first('id');
  if (!order) return { refused: 'no-order' };
  const paymentId = request.paymentId ?? null;
  if (request.what === 'receipt') return { paymentId: null };
  if (request.what === 'signature_page') {
    let query = db('payments').where({
      order_id: request.orderId,
      status: 'succeeded',
      payment_type: 'CreditCard',
    });
    if (paymentId !== null) query = query.where({ id: paymentId });
    const card = await query.orderBy('id', 'desc').first('id');
    return card ? { paymentId: card.id as number } : { refused: 'no-payment' };
  }
  if (paymentId !== null) {
    const payment = await db('payments').where({ id: paymentId, order_id: request.orderId }).first('id');
    if (!payment) return { refused: 'no-payment' };
  }
  let refunds = db('refunds').where({ order_id: request.orderId }).whereNot({ status: 'failed' });
  if (paymentId !== null) refunds = refunds.where({ payment_id: paymentId });
  return (await refunds.first('id')) ? { paymentId } : { refused: 'no-refund' };
};

/** A job printing one receipt (the sale's, a refund's, a signature page) of an order on a receipt printer. */
export const queueReceiptJob = async (
  db: Knex,
  request: {
    readonly printerId: number;
    readonly orderId: number;
    readonly what: 'receipt' | 'refund_receipt' | 'signature_page';
    readonly paymentId?: number | null;
    readonly actor: PrintActor;
  },
): Promise<{ readonly jobId: number } | ReceiptRefused> =>
  db.transaction(async (trx) => {
    const printer = await trx('printers').where({ id: request.printerId, active: true }).first();
    if (!printer) return { refused: 'no-printer' } as const;
    if (printer.kind !== 'escpos') return { refused: 'wrong-printer', kind: printer.kind } as const;
    const payment = await receiptPayment(trx, request);
    if ('refused' in payment) return payment;
    const [job] = await trx('print_jobs')
      .insert({
        printer_id: printer.id,
        what: request.what,
        order_id: request.orderId,
        payment_id: payment.paymentId,
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
    paymentId: row.payment_id,
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
      printerCount: i.printer_count,
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

/**
 * Written before the bytes leave, with the printer's ticket count then (null when it gave none):
 * an item `sent` and never acknowledged is sent again unless that count says it was printed.
 */
export const markSent = (db: Knex, itemId: number, printerCount: number | null) =>
  db('print_job_items')
    .where({ id: itemId })
    .whereNot({ status: 'acknowledged' })
    .update({ status: 'sent', printer_count: printerCount });

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
    if (item.ticket_id !== null) {
      await trx('order_tickets')
        .where({ id: item.ticket_id })
        .update({ printed_at: trx.fn.now(), print_count: trx.raw('print_count + 1') });
      await clearAwaitingPrint(trx, item.ticket_id);
    }
    return true;
  });

/**
 * An order delivered at the counter (orders.awaiting_print) stops awaiting print once every
 * Active ticket of it is printed, by a printer's acknowledgement or marked by hand.
 */
const clearAwaitingPrint = (db: Knex | Knex.Transaction, ticketId: number) =>
  db.raw(
    `update orders o set awaiting_print = false
      where o.awaiting_print
        and o.id = (select order_id from order_tickets where id = ?)
        and not exists (select 1 from order_tickets t
                         where t.order_id = o.id and t.status = 'Active' and t.printed_at is null)`,
    [ticketId],
  );

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
export const markTicketPrinted = (db: Knex, ticketId: number): Promise<boolean> =>
  db.transaction(async (trx) => {
    const changed = await trx('order_tickets')
      .where({ id: ticketId })
      .update({ printed_at: trx.fn.now(), print_count: trx.raw('greatest(print_count, 1)') });
    if (changed === 0) return false;
    await clearAwaitingPrint(trx, ticketId);
    return true;
  });

export const changeUsherMessage = async (
  db: Knex,
  ticketId: number,
  message: string | null,
): Promise<boolean> =>
  (await db('order_tickets').where({ id: ticketId }).update({ usher_message: message })) > 0;
