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

export type PrintWhat = 'tickets' | 'receipt' | 'refund_receipt';

export interface PrintJobItem {
  readonly id: number;
  readonly position: number;
  readonly ticketId: number | null;
  readonly status: PrintItemStatus;
  readonly printedAt: Date | null;
}

export interface PrintJob {
  readonly id: number;
  readonly printerId: number;
  readonly what: PrintWhat;
  readonly orderId: number | null;
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
  readonly what: 'receipt' | 'refund_receipt';
  readonly actor: PrintActor;
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
    ) => Effect.Effect<{ readonly jobId: number } | NewJobRefused>;
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
