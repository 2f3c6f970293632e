import { isApiError } from '../../api/api-error.ts';
import { isBridgeError, rpc, UNKNOWN_ERROR } from '../pos/bridge-rpc.ts';
import { isPosMissing, posLog, requirePos } from '../pos/pos.ts';
import {
  failuresFrom,
  IDLE,
  retryPlan,
  type BridgePrintState,
  type TicketFailure,
} from './bridge-print-state.ts';
import {
  markPrinted,
  receiptPrintData,
  refundReceiptPrintData,
  ticketPrintData,
  type ReceiptPrintData,
  type TicketChoice,
  type TicketDpi,
} from './printing-api.ts';

// Printing on this counter's POS bridge (contract: bridge/README.md): the server gives the print
// data without queueing anything; each ticket's FGL goes to the bridge's ticket printer and is
// marked printed on the server once the bridge answered that the printer printed it; then the
// receipt (base64 ESC/POS) to its receipt printer, and the cash drawer opens when the server
// says so (cash was taken or given back). `report` sees every step.
//
// A ticket is laid out for one printer resolution: only the bridge knows its printer's (its
// config.json, changed without a restart), so each run asks it (systeminfo's TicketDpi), has the
// server lay the tickets out for that dpi, and tells the bridge the dpi with each ticket, which
// it refuses for a printer of another (nothing printed, nothing marked).

type Report = (state: BridgePrintState) => void;

const wordsOf = (error: unknown): string =>
  isBridgeError(error) || isApiError(error) ? error.message || UNKNOWN_ERROR : UNKNOWN_ERROR;

const serverWords = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.messageOr(fallback) : fallback;

/** The state as it changes, each change reported. */
const tracker = (start: BridgePrintState, report: Report) => {
  let state = start;
  report(state);
  return {
    get: () => state,
    set: (patch: Partial<BridgePrintState>) => {
      state = { ...state, ...patch };
      report(state);
      return state;
    },
  };
};

/**
 * The resolution of the bridge's ticket printer (systeminfo's TicketDpi, which Foyer's bridge
 * always gives); one that does not say is taken as 300 dpi, the bridge's and the server's default.
 */
export const bridgeTicketDpi = async (): Promise<TicketDpi> => {
  const info = await rpc('systeminfo');
  return info.TicketDpi === 200 ? 200 : 300;
};

/** Sends the tickets (laid out for `dpi`) in order, stopping at the first failure; the printed ones are marked. */
const sendTickets = async (
  tickets: readonly { TicketId: number; Fgl: string }[],
  dpi: TicketDpi,
  s: ReturnType<typeof tracker>,
): Promise<void> => {
  const ids = tickets.map((t) => t.TicketId);
  for (const [index, ticket] of tickets.entries()) {
    s.set({ current: index + 1, total: tickets.length });
    try {
      await rpc('sendprinterdata', { printer: 'ticket', encoding: 'text', dpi }, ticket.Fgl);
    } catch (error) {
      const fault = isBridgeError(error) ? error.fault : null;
      s.set({ failures: [...s.get().failures, ...failuresFrom(ids, index, wordsOf(error), fault)] });
      return;
    }
    try {
      await markPrinted(ticket.TicketId);
      s.set({ printed: [...s.get().printed, ticket.TicketId] });
    } catch (error) {
      // Printed but not marked: the next try marks it, never prints it again.
      const failure: TicketFailure = { ticketId: ticket.TicketId, message: wordsOf(error), kept: true };
      s.set({ failures: [...s.get().failures, failure] });
    }
  }
};

/** A receipt's data to the receipt printer, then the drawer when asked. */
const sendReceipt = async (data: () => Promise<ReceiptPrintData>, s: ReturnType<typeof tracker>) => {
  s.set({ phase: 'receipt', receipt: 'printing', receiptMessage: null });
  let receipt: ReceiptPrintData;
  try {
    receipt = await data();
    await rpc('sendprinterdata', { printer: 'receipt', encoding: 'base64' }, receipt.Receipt);
  } catch (error) {
    s.set({ receipt: 'failed', receiptMessage: wordsOf(error) });
    return;
  }
  s.set({ receipt: 'printed' });
  if (receipt.OpenDrawer) {
    try {
      await rpc('opendrawer');
      s.set({ drawer: 'opened' });
    } catch (error) {
      s.set({ drawer: 'failed', receiptMessage: wordsOf(error) });
    }
  }
};

const logOutcome = (state: BridgePrintState) => {
  const count = state.printed.length;
  const line = `Order ${state.orderId}: ${count} ${count === 1 ? 'ticket' : 'tickets'} printed`;
  void posLog(
    state.failures.length > 0 ? 'error' : 'info',
    state.failures.length > 0
      ? `${line}; not printed: ${state.failures.map((f) => `${f.ticketId} (${f.message ?? 'not sent'})`).join(', ')}`
      : line,
  );
};

/** The order's tickets (all unprinted ones, or those chosen), then its receipt when `receipt`. */
export const printOrderOnBridge = async (
  orderId: number,
  options: { readonly choice?: TicketChoice; readonly receipt: boolean },
  report: Report,
): Promise<BridgePrintState> => {
  const reprint = options.choice?.reprint === true;
  const s = tracker({ ...IDLE, phase: 'tickets', orderId, reprint }, report);
  try {
    await requirePos();
  } catch (error) {
    if (isPosMissing(error)) return s.set({ phase: 'done', noPos: true });
    throw error;
  }
  let dpi: TicketDpi;
  try {
    dpi = await bridgeTicketDpi();
  } catch (error) {
    // The bridge did not answer (or refused): its words, nothing printed.
    return s.set({ phase: 'done', error: wordsOf(error) });
  }
  try {
    const data = await ticketPrintData(orderId, options.choice ?? {}, dpi);
    s.set({ alreadyPrinted: data.AlreadyPrinted });
    await sendTickets(data.Tickets, dpi, s);
  } catch (error) {
    // The server refused (nothing to print, no such order, a ticket that does not fit its
    // stock): its words, nothing printed.
    return s.set({ phase: 'done', error: serverWords(error, UNKNOWN_ERROR) });
  }
  if (options.receipt) await sendReceipt(() => receiptPrintData(orderId), s);
  logOutcome(s.set({ phase: 'done' }));
  return s.get();
};

/** Another try after failures: kept tickets are marked, the others sent again; the receipt if it failed. */
export const retryOnBridge = async (
  previous: BridgePrintState,
  report: Report,
): Promise<BridgePrintState> => {
  const orderId = previous.orderId;
  if (orderId === null) return previous;
  const plan = retryPlan(previous.failures);
  const s = tracker({ ...previous, phase: 'tickets', failures: [], noPos: false, error: null }, report);
  try {
    await requirePos();
  } catch (error) {
    if (isPosMissing(error)) return s.set({ phase: 'done', noPos: true, failures: previous.failures });
    throw error;
  }
  const stillFailing: TicketFailure[] = [];
  for (const ticketId of plan.mark) {
    try {
      await markPrinted(ticketId);
      s.set({ printed: [...s.get().printed, ticketId] });
    } catch (error) {
      stillFailing.push({ ticketId, message: wordsOf(error), kept: true });
    }
  }
  s.set({ failures: stillFailing });
  if (plan.send.length > 0) {
    try {
      // Asked again: the bridge may have been given another printer since.
      const dpi = await bridgeTicketDpi();
      const data = await ticketPrintData(orderId, { ticketIds: plan.send, reprint: previous.reprint }, dpi);
      await sendTickets(data.Tickets, dpi, s);
    } catch (error) {
      const words = isBridgeError(error) ? wordsOf(error) : serverWords(error, UNKNOWN_ERROR);
      s.set({
        failures: [
          ...s.get().failures,
          ...plan.send.map((ticketId) => ({ ticketId, message: words, kept: false })),
        ],
      });
    }
  }
  if (previous.receipt === 'failed') await sendReceipt(() => receiptPrintData(orderId), s);
  logOutcome(s.set({ phase: 'done' }));
  return s.get();
};

/** A refund receipt of the refunds made from one payment, on the bridge's receipt printer. */
export const printRefundReceiptOnBridge = async (
  orderId: number,
  paymentId: number,
  report: Report,
): Promise<BridgePrintState> => {
  const s = tracker({ ...IDLE, phase: 'receipt', orderId }, report);
  try {
    await requirePos();
  } catch (error) {
    if (isPosMissing(error)) return s.set({ phase: 'done', noPos: true });
    throw error;
  }
  await sendReceipt(() => refundReceiptPrintData(orderId, paymentId), s);
  return s.set({ phase: 'done' });
};

/** The order's sale receipt alone, on the bridge's receipt printer. */
export const printReceiptOnBridge = async (orderId: number, report: Report): Promise<BridgePrintState> => {
  const s = tracker({ ...IDLE, phase: 'receipt', orderId }, report);
  try {
    await requirePos();
  } catch (error) {
    if (isPosMissing(error)) return s.set({ phase: 'done', noPos: true });
    throw error;
  }
  await sendReceipt(() => receiptPrintData(orderId), s);
  return s.set({ phase: 'done' });
};
