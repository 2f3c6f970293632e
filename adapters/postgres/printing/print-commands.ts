import type { Knex } from 'knex';

// What the print commands (cli/commands/print*.ts) read beyond the PrintQueue port (core/printing/ports.ts): the print
// jobs an earlier run left unfinished (a rerun continues them instead of queueing the same
// tickets again), an event's tickets by order, and removing a printer. The queue's own tables
// are described in migrations/20261212000200_print_queue.ts.

/** Jobs not yet done or cancelled: continued by a rerun. */
const UNFINISHED = ['queued', 'running', 'paused'];

export interface UnfinishedJob {
  readonly jobId: number;
  readonly printerId: number;
  readonly orderId: number;
}

export const unfinishedTicketJobs = async (
  db: Knex,
  orderIds: readonly number[],
): Promise<UnfinishedJob[]> =>
  orderIds.length === 0
    ? []
    : (
        await db('print_jobs')
          .whereIn('order_id', orderIds)
          .where({ what: 'tickets' })
          .whereIn('status', UNFINISHED)
          .orderBy('id')
          .select('id', 'printer_id', 'order_id')
      ).map((r) => ({
        jobId: r.id as number,
        printerId: r.printer_id as number,
        orderId: r.order_id as number,
      }));

export const eventExists = async (db: Knex, eventId: number): Promise<boolean> =>
  (await db('events').where({ id: eventId }).first('id')) !== undefined;

export interface EventOrderTickets {
  readonly orderId: number;
  readonly ticketIds: readonly number[];
  readonly printed: number;
}

/** An event's active tickets, grouped by order in order-id order. */
export const activeTicketsOfEvent = async (db: Knex, eventId: number): Promise<EventOrderTickets[]> => {
  const rows = await db('order_tickets')
    .where({ event_id: eventId, status: 'Active' })
    .orderBy(['order_id', 'id'])
    .select('id', 'order_id', db.raw('printed_at is not null as printed'));
  const byOrder = new Map<number, { ticketIds: number[]; printed: number }>();
  for (const r of rows) {
    const entry = byOrder.get(r.order_id) ?? { ticketIds: [], printed: 0 };
    entry.ticketIds.push(r.id);
    if (r.printed) entry.printed += 1;
    byOrder.set(r.order_id, entry);
  }
  return [...byOrder].map(([orderId, e]) => ({ orderId, ...e }));
};

export type RemoveOutcome = 'removed' | 'retired' | { readonly busy: number };

/**
 * A printer with jobs queued, running or paused is kept (they would be stranded). One with only
 * finished jobs is retired (no longer in use; its jobs keep their history); one without any is deleted.
 */
export const removePrinter = (db: Knex, printerId: number): Promise<RemoveOutcome> =>
  db.transaction(async (trx) => {
    await trx('printers').where({ id: printerId }).forUpdate().first('id');
    const busy = await trx('print_jobs')
      .where({ printer_id: printerId })
      .whereIn('status', UNFINISHED)
      .count({ n: '*' });
    const n = Number(busy[0]?.n ?? 0);
    if (n > 0) return { busy: n };
    const any = await trx('print_jobs').where({ printer_id: printerId }).first('id');
    if (any) {
      await trx('printers').where({ id: printerId }).update({ active: false });
      return 'retired';
    }
    await trx('printers').where({ id: printerId }).delete();
    return 'removed';
  });
