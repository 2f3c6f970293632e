import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import type { PosState } from '../pos/pos-detect.ts';
import { usePos } from '../pos/use-pos.ts';
import { printReceiptOnBridge, printRefundReceiptOnBridge } from './bridge-print.ts';
import {
  fetchPrinters,
  queueReceipt,
  queueRefundReceipt,
  queueTickets,
  type PrinterView,
  type TicketChoice,
} from './printing-api.ts';
import { useBridgePrint } from './use-bridge-print.ts';

// Printing one order from its page: where tickets and receipts go (this counter's POS bridge,
// or one of the server's printers), the bridge's run or the server job being printed.

/** 'pos': this counter's bridge; a number: a server printer's id. */
export type Destination = 'pos' | number;

/** The destination shown first: the bridge when it answered, else the first server printer of the kind. */
export const defaultDestination = (
  posPresent: boolean,
  printers: readonly PrinterView[],
  kind: 'fgl' | 'escpos',
): Destination => {
  if (posPresent) return 'pos';
  return printers.find((p) => p.Active && p.Kind === kind)?.Id ?? 'pos';
};

/**
 * A print sent to this counter's bridge when none answered (the answer is remembered, not asked
 * again at every print): the panel explains how to print instead (a server printer, or pairing a
 * bridge from POS settings, then Check again).
 */
export const explainsNoBridge = (pos: PosState | null, destination: Destination): boolean =>
  destination === 'pos' && pos !== null && !pos.present;

export const parseDestination = (value: string): Destination => (value === 'pos' ? 'pos' : Number(value));

export const useOrderPrinting = (orderId: number, options: { enabled: boolean; onChanged: () => void }) => {
  const { enabled, onChanged } = options;
  const { pos, check } = usePos();
  const [printers, setPrinters] = useState<readonly PrinterView[]>([]);
  const [chosenTicketTo, setTicketTo] = useState<Destination | null>(null);
  const [chosenReceiptTo, setReceiptTo] = useState<Destination | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [leftOut, setLeftOut] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [noBridge, setNoBridge] = useState(false);
  const bridge = useBridgePrint();

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchPrinters(abort.signal).then(setPrinters, () => setPrinters([]));
    return () => abort.abort();
  }, [enabled]);

  const present = pos?.present === true;
  const ticketTo = chosenTicketTo ?? defaultDestination(present, printers, 'fgl');
  const receiptTo = chosenReceiptTo ?? defaultDestination(present, printers, 'escpos');

  const start = () => {
    setError(null);
    setNoBridge(false);
    setLeftOut(0);
    setJobId(null);
    bridge.reset();
  };
  const refused = (e: unknown) => setError(isApiError(e) ? e.messageOr(e.message) : String(e));

  const printTickets = async (choice: TicketChoice = {}) => {
    start();
    if (ticketTo === 'pos') {
      setNoBridge(explainsNoBridge(pos, ticketTo));
      await bridge.print(orderId, { choice, receipt: false });
      onChanged();
      return;
    }
    try {
      const queued = await queueTickets(orderId, ticketTo, choice);
      setJobId(queued.JobId);
      setLeftOut(queued.AlreadyPrinted.length);
    } catch (e) {
      refused(e);
    }
  };

  const printReceipt = async (paymentId?: number) => {
    start();
    if (receiptTo === 'pos') {
      setNoBridge(explainsNoBridge(pos, receiptTo));
      await bridge.run((report) =>
        paymentId === undefined
          ? printReceiptOnBridge(orderId, report)
          : printRefundReceiptOnBridge(orderId, paymentId, report),
      );
      return;
    }
    try {
      const queued =
        paymentId === undefined
          ? await queueReceipt(orderId, receiptTo)
          : await queueRefundReceipt(orderId, paymentId, receiptTo);
      setJobId(queued.JobId);
    } catch (e) {
      refused(e);
    }
  };

  return {
    pos,
    checkPos: check,
    printers,
    ticketTo,
    receiptTo,
    setTicketTo,
    setReceiptTo,
    bridge,
    jobId,
    /** Tickets printed before that the server left out of the job. */
    leftOut,
    error,
    /** The last print went to a bridge that is not there: say how to print. */
    noBridge,
    printTickets,
    printReceipt,
    /** Try again after the bridge failed: the order's printed marks change. */
    retry: async () => {
      await bridge.retry();
      onChanged();
    },
    /** A server job finished: the order's printed marks changed. */
    onJobFinished: onChanged,
  };
};

export type OrderPrinting = ReturnType<typeof useOrderPrinting>;
