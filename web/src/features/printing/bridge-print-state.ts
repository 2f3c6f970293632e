// How printing an order on this counter's POS bridge stands, and what a second try does. Pure:
// bridge-print.ts runs it, bridge-print-status.tsx shows it.
//
// A ticket printer that faults (out of paper, a jam) keeps the ticket it was printing and prints
// it once someone attends to it (adapters/printing/printer-link.ts): sending it again would
// print it twice. So printing stops at the first fault, the ticket the printer kept is only
// marked printed on the next try, and the tickets never sent are sent then.

/** The faults after which the printer holds the ticket and prints it once ready. */
export const KEPT_FAULTS: ReadonlySet<string> = new Set(['paper-out', 'paper-jam', 'cutter-jam']);

export interface TicketFailure {
  readonly ticketId: number;
  /** The bridge's or the server's words; null for a ticket never sent (printing stopped before it). */
  readonly message: string | null;
  /** The printer has it (kept on a fault, or printed but not marked): the next try only marks it. */
  readonly kept: boolean;
}

export interface BridgePrintState {
  readonly phase: 'idle' | 'tickets' | 'receipt' | 'done';
  readonly orderId: number | null;
  readonly reprint: boolean;
  /** Tickets this run prints. */
  readonly total: number;
  /** The ticket being printed, 1-based. */
  readonly current: number;
  readonly printed: readonly number[];
  readonly failures: readonly TicketFailure[];
  /** Printed before: left out (a reprint prints them). */
  readonly alreadyPrinted: readonly number[];
  readonly receipt: 'none' | 'printing' | 'printed' | 'failed';
  readonly receiptMessage: string | null;
  readonly drawer: 'none' | 'opened' | 'failed';
  /** No bridge answered: the POS action could not start. */
  readonly noPos: boolean;
  /** The server refused the print (its words), nothing printed. */
  readonly error: string | null;
}

export const IDLE: BridgePrintState = {
  phase: 'idle',
  orderId: null,
  reprint: false,
  total: 0,
  current: 0,
  printed: [],
  failures: [],
  alreadyPrinted: [],
  receipt: 'none',
  receiptMessage: null,
  drawer: 'none',
  noPos: false,
  error: null,
};

/**
 * The failures when the ticket at `index` of `ticketIds` failed with `message` (and the bridge's
 * fault name): that ticket, and every one after it, never sent.
 */
export const failuresFrom = (
  ticketIds: readonly number[],
  index: number,
  message: string,
  fault: string | null,
): TicketFailure[] =>
  ticketIds
    .slice(index)
    .map((ticketId, i) =>
      i === 0
        ? { ticketId, message, kept: fault !== null && KEPT_FAULTS.has(fault) }
        : { ticketId, message: null, kept: false },
    );

/** A second try: tickets the printer has are marked printed; the others are sent again, in order. */
export const retryPlan = (
  failures: readonly TicketFailure[],
): { readonly mark: readonly number[]; readonly send: readonly number[] } => ({
  mark: failures.filter((f) => f.kept).map((f) => f.ticketId),
  send: failures.filter((f) => !f.kept).map((f) => f.ticketId),
});

/** The run is over with every ticket printed and marked (and the receipt, when asked, printed). */
export const allPrinted = (state: BridgePrintState): boolean =>
  state.phase === 'done' &&
  !state.noPos &&
  state.error === null &&
  state.failures.length === 0 &&
  state.receipt !== 'failed';
