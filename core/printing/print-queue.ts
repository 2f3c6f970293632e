// The print queue's rules, as plain data (the worker that follows them: worker/print-queue.ts).
//
// A job is a list of items (tickets or one receipt) in print order. An item is `sent` just
// before its bytes leave for the printer and `acknowledged` once the printer said it printed
// it; nothing else marks a ticket printed. A worker that starts a job again (after a restart,
// a pause or a fault) starts from the first item not acknowledged.

export type PrintItemStatus = 'pending' | 'sent' | 'acknowledged';
export type PrintJobStatus = 'queued' | 'running' | 'paused' | 'done' | 'cancelled';

export interface PrintItemState {
  readonly position: number;
  readonly status: PrintItemStatus;
}

/** The item a job prints next: the first, by position, the printer has not acknowledged. */
export const nextItem = <T extends PrintItemState>(items: readonly T[]): T | undefined =>
  [...items].sort((a, b) => a.position - b.position).find((item) => item.status !== 'acknowledged');

/** Acknowledged of all, for the progress a clerk sees. */
export const progressOf = (items: readonly PrintItemState[]) => ({
  printed: items.filter((i) => i.status === 'acknowledged').length,
  total: items.length,
});

/** Whether a worker may go on printing a job in this status. */
export const runnable = (status: PrintJobStatus): boolean => status === 'queued' || status === 'running';

/** The changes a clerk may ask of a job, and the status each leads to from where it is. */
export type PrintJobAction = 'pause' | 'resume' | 'cancel';

export const afterAction = (status: PrintJobStatus, action: PrintJobAction): PrintJobStatus | null => {
  switch (action) {
    case 'pause':
      return runnable(status) ? 'paused' : null;
    case 'resume':
      return status === 'paused' ? 'queued' : null;
    case 'cancel':
      return status === 'done' || status === 'cancelled' ? null : 'cancelled';
  }
};

export interface TicketToPrint {
  readonly ticketId: number;
  readonly status: string;
  /** How often it was printed before (order_tickets.print_count). */
  readonly printCount: number;
}

export interface TicketPrintPlan {
  /** In the order given; `reprint` draws REPRINT on it (core/printing/ticket-design.ts). */
  readonly print: readonly { readonly ticketId: number; readonly reprint: boolean }[];
  /** Printed before and not asked to be printed again. */
  readonly alreadyPrinted: readonly number[];
  /** Cancelled, refunded or exchanged: never printed. */
  readonly notActive: readonly number[];
}

/**
 * Which tickets a print asks for are printed. A ticket printed before is printed again only by
 * an explicit reprint (its own permissioned, audited call), and then says REPRINT; a ticket no
 * longer Active is never printed.
 */
export const planTicketPrint = (tickets: readonly TicketToPrint[], reprint: boolean): TicketPrintPlan => {
  const print: { ticketId: number; reprint: boolean }[] = [];
  const alreadyPrinted: number[] = [];
  const notActive: number[] = [];
  for (const t of tickets) {
    if (t.status !== 'Active') notActive.push(t.ticketId);
    else if (t.printCount === 0) print.push({ ticketId: t.ticketId, reprint: false });
    else if (reprint) print.push({ ticketId: t.ticketId, reprint: true });
    else alreadyPrinted.push(t.ticketId);
  }
  return { print, alreadyPrinted, notActive };
};

/** A ticket printer's pause between tickets when it does not confirm each one itself. */
export const TICKET_DELAY_MS = 1250;
/** The pause when it does (the acknowledgement already paces the job). */
export const VERIFIED_TICKET_DELAY_MS = 1;

/** The pause before the next ticket; `configured` replaces the unverified default (tests use 0-1 ms). */
export const delayBetweenTickets = (verify: boolean, configured: number = TICKET_DELAY_MS): number =>
  Math.max(0, verify ? Math.min(VERIFIED_TICKET_DELAY_MS, configured) : configured);

/** Whether the ticket a worker left `sent` came out of the printer. */
export type SentTicketOutcome = 'printed' | 'not-printed' | 'unknown';

/**
 * A ticket left `sent` (its worker killed before the printer's acknowledgement reached it), told
 * by the printer's own ticket count (FGL <S2>: adapters/printing/printer-link.ts) read just before
 * it was sent and now. One more: it was printed, and is acknowledged without sending it again;
 * the same: it was not, and is sent again; anything else (no count, a count that went back, or
 * someone printed on the printer meanwhile) cannot tell, and it is sent again, as with a printer
 * that does not count.
 */
export const sentTicketOutcome = (before: number | null, now: number | null): SentTicketOutcome =>
  before === null || now === null
    ? 'unknown'
    : now === before + 1
      ? 'printed'
      : now === before
        ? 'not-printed'
        : 'unknown';

/** What stops a printer, as the worker reads it from the printer's status. */
export type PrinterFault =
  'paper-out' | 'paper-jam' | 'cutter-jam' | 'cover-open' | 'printer-error' | 'unreachable' | 'no-answer';

const FAULT_MESSAGES: Readonly<Record<PrinterFault, string>> = {
  'paper-out': 'The printer is out of paper. Load paper, then resume the job.',
  'paper-jam': 'The paper is jammed in the printer. Clear it, then resume the job.',
  'cutter-jam': 'The printer’s cutter is jammed. Clear it, then resume the job.',
  'cover-open': 'The printer’s cover is open. Close it, then resume the job.',
  'printer-error': 'The printer reports an error. Check it, then resume the job.',
  unreachable: 'The printer cannot be reached. Check its power and network cable, then resume the job.',
  'no-answer': 'The printer did not confirm the last ticket. Check what it printed, then resume the job.',
};

/** The message a paused job shows, naming the printer. */
export const faultMessage = (printerName: string, fault: PrinterFault): string =>
  `${printerName}: ${FAULT_MESSAGES[fault]}`;
