import { Context, type Effect } from 'effect';
import type { PrintItemStatus, PrintJobAction, PrintJobStatus, TicketPrintPlan } from './print-queue.ts';

// What the print queue needs from the world: the printers, the jobs and their items
// (adapters/postgres/printing/print-jobs.ts), and a worker told that a printer has work
// (worker/print-queue.ts drains it). The rules are in print-queue.ts.

export type PrinterKind = 'fgl' | 'escpos';

export interface Printer {
  readonly id: number;
  readonly name: string;
  readonly kind: PrinterKind;
  readonly address: string;
  readonly dpi: 200 | 300;
  readonly verify: boolean;
  readonly active: boolean;
}

export interface NewPrinter {
  readonly name: string;
  readonly kind: PrinterKind;
  readonly address: string;
  readonly dpi?: 200 | 300;
  readonly verify?: boolean;
}

export interface PrintActor {
  readonly staffUserId: number | null;
  readonly name: string;
}

/** A refund receipt is of the refunds made from one payment; a signature page, of a card payment. */
export type PrintWhat = 'tickets' | 'receipt' | 'refund_receipt' | 'signature_page';

export interface PrintJobItem {
  readonly id: number;
  readonly position: number;
  readonly ticketId: number | null;
  readonly status: PrintItemStatus;
  readonly printedAt: Date | null;
  /** The printer's ticket count just before the item was sent (FGL <S2>), when it said. */
  readonly printerCount: number | null;
}

export interface PrintJob {
  readonly id: number;
  readonly printerId: number;
  readonly what: PrintWhat;
  readonly orderId: number | null;
  /** The payment a refund receipt or signature page is of; null: the order's (older jobs). */
  readonly paymentId: number | null;
  readonly reprint: boolean;
  readonly status: PrintJobStatus;
  readonly message: string | null;
  readonly staffName: string;
  readonly items: readonly PrintJobItem[];
}

export type NewJobRefused =
  | { readonly refused: 'no-printer' }
  | { readonly refused: 'wrong-printer'; readonly kind: PrinterKind }
  | { readonly refused: 'no-order' }
  | { readonly refused: 'nothing-to-print'; readonly plan: TicketPrintPlan };

/** A clerk's pause, resume or cancel: the job's printer and new status, or why not. */
export type PrintJobChange =
  | { readonly printerId: number; readonly status: PrintJobStatus }
  | { readonly refused: 'no-job' }
  | { readonly refused: 'not-now'; readonly status: PrintJobStatus };

export interface TicketPrintRequest {
  readonly printerId: number;
  readonly orderId: number;
  /** null: all the order's tickets. */
  readonly ticketIds: readonly number[] | null;
  /** Print tickets printed before again, marked REPRINT; audited. */
  readonly reprint: boolean;
  readonly actor: PrintActor;
}

export interface ReceiptPrintRequest {
  readonly printerId: number;
  readonly orderId: number;
  readonly what: 'receipt' | 'refund_receipt' | 'signature_page';
  /** refund_receipt: the refunds made from this payment (all the order's when null); signature_page: its card payment. */
  readonly paymentId?: number | null;
  readonly actor: PrintActor;
}

/** A receipt's payment that is not the order's, or one from which nothing was refunded. */
export type ReceiptRefused =
  NewJobRefused | { readonly refused: 'no-payment' } | { readonly refused: 'no-refund' };

/**
 * Print data instead of a job, for a printer the server cannot reach (the counter's bridge,
 * bridge/): nothing is queued and nothing marked printed; the caller marks each ticket once its
 * printer printed it. A reprint is audited when its data is given.
 */
export interface TicketDataRequest {
  readonly orderId: number;
  readonly ticketIds: readonly number[] | null;
  readonly reprint: boolean;
  readonly dpi: 200 | 300;
  readonly actor: PrintActor;
}

export interface TicketData {
  readonly plan: TicketPrintPlan;
  /** FGL text per ticket, in the plan's order. */
  readonly tickets: readonly { readonly ticketId: number; readonly fgl: string }[];
}

/** A ticket whose layout leaves the printer's stock (ticket-layout.ts TicketOffStockError): nothing given. */
export interface TicketOffStock {
  readonly refused: 'off-stock';
  /** The error's words, naming the ticket and the mark. */
  readonly message: string;
}

export interface ReceiptDataRequest {
  readonly orderId: number;
  readonly what: 'receipt' | 'refund_receipt' | 'signature_page';
  readonly paymentId?: number | null;
  readonly actor: PrintActor;
}

export interface ReceiptData {
  /** ESC/POS bytes. */
  readonly bytes: Uint8Array;
  /** Cash was taken or given back: the drawer opens. */
  readonly openDrawer: boolean;
}

/** An event's tickets queued a job per order, as `foyer print batch` does. */
export interface BatchPrintRequest {
  readonly printerId: number;
  readonly eventId: number;
  /** Leave out tickets printed before; else they are reprinted (marked REPRINT, audited). */
  readonly onlyUnprinted: boolean;
  readonly actor: PrintActor;
}

export type BatchRefused =
  | { readonly refused: 'no-printer' }
  | { readonly refused: 'wrong-printer'; readonly kind: PrinterKind }
  | { readonly refused: 'no-event' };

export interface BatchQueued {
  readonly jobIds: readonly number[];
  /** Tickets queued now. */
  readonly tickets: number;
  readonly alreadyPrinted: number;
}

/** A page of the orders awaiting print (orders.awaiting_print), oldest first. */
export interface BulkPrintRequest {
  readonly printerId: number;
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly eventId: number | null;
  readonly actor: PrintActor;
}

export interface BulkQueued {
  /** JobId null: nothing left to print; a job left unfinished by an earlier print is named, not queued again. */
  readonly orders: readonly {
    readonly orderId: number;
    readonly jobId: number | null;
    readonly tickets: number;
  }[];
  readonly totalOrders: number;
}

/** How a drain ended: nothing left, another worker holds the printer, a fault paused a job, stopped. */
export type DrainOutcome = 'drained' | 'busy' | 'fault' | 'stopped' | 'no-printer';

export class PrintQueue extends Context.Service<
  PrintQueue,
  {
    readonly printers: () => Effect.Effect<readonly Printer[]>;
    /** null when a printer has that name already. */
    readonly addPrinter: (printer: NewPrinter) => Effect.Effect<Printer | null>;
    readonly queueTickets: (
      request: TicketPrintRequest,
    ) => Effect.Effect<{ readonly jobId: number; readonly plan: TicketPrintPlan } | NewJobRefused>;
    readonly queueReceipt: (
      request: ReceiptPrintRequest,
    ) => Effect.Effect<{ readonly jobId: number } | ReceiptRefused>;
    readonly ticketData: (
      request: TicketDataRequest,
    ) => Effect.Effect<
      | TicketData
      | { readonly refused: 'no-order' }
      | { readonly refused: 'nothing-to-print'; readonly plan: TicketPrintPlan }
      | TicketOffStock
    >;
    readonly receiptData: (request: ReceiptDataRequest) => Effect.Effect<ReceiptData | ReceiptRefused>;
    readonly queueBatch: (request: BatchPrintRequest) => Effect.Effect<BatchQueued | BatchRefused>;
    readonly queueBulk: (request: BulkPrintRequest) => Effect.Effect<BulkQueued | BatchRefused>;
    readonly job: (jobId: number) => Effect.Effect<PrintJob | null>;
    readonly change: (jobId: number, action: PrintJobAction) => Effect.Effect<PrintJobChange>;
    /** The ticket of a barcode and its order; null when no ticket has it. */
    readonly ticketByBarcode: (
      barcode: string,
    ) => Effect.Effect<{ readonly ticketId: number; readonly orderId: number } | null>;
    /** Whether a ticket was printed and its usher line; null when there is no such ticket. */
    readonly ticket: (
      ticketId: number,
    ) => Effect.Effect<{ readonly printed: boolean; readonly usherMessage: string | null } | null>;
    /** false when there is no such ticket. */
    readonly markPrinted: (ticketId: number) => Effect.Effect<boolean>;
    /**
     * Prints the printer's jobs in order until none is left to run, a fault, or `signal`
     * (adapters/printing/print-runner.ts); the workers call it (worker/print-queue.ts).
     */
    readonly drain: (printerId: number, signal?: AbortSignal) => Effect.Effect<DrainOutcome>;
    /** Printers with jobs queued or left running (a worker stopped): woken as the workers start. */
    readonly printersWithWork: () => Effect.Effect<readonly number[]>;
    readonly changeUsherMessage: (ticketId: number, message: string | null) => Effect.Effect<boolean>;
  }
>()('foyer/printing/PrintQueue') {}
