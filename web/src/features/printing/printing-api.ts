import { z } from 'zod';
import {
  PrintersList,
  PrintJobView,
  PrintQueued,
  ReceiptPrintData,
  TicketChanged,
  TicketPrintData,
  type PrinterView,
} from '../../../../adapters/http/contract/printing.ts';
import { call, getJson, sendJson } from '../../api/api-client.ts';

// The box office's printing calls (adapters/http/contract/printing.ts). With a PrinterId the
// server queues a job on one of its printers and the screen polls it; without one it answers
// the print data (FGL per ticket, base64 ESC/POS for a receipt) for this counter's POS bridge
// to print, nothing queued and nothing marked: the screen marks each ticket once the bridge
// says it printed it.

export type { PrinterView, PrintJobView, PrintQueued, ReceiptPrintData, TicketPrintData };

export interface TicketChoice {
  /** Some of the order's tickets; all of them when null. */
  readonly ticketIds?: readonly number[] | null;
  /** Tickets printed before, printed again marked REPRINT (audited). */
  readonly reprint?: boolean;
}

const ticketsBody = (orderId: number, choice: TicketChoice) => ({
  orderId,
  ...(choice.ticketIds ? { TicketIds: [...choice.ticketIds] } : {}),
  ...(choice.reprint ? { Reprint: true } : {}),
});

/** A ticket printer's resolution: tickets are laid out for it and fit no other. */
export type TicketDpi = 200 | 300;

/** The tickets' FGL laid out for a ticket printer of `dpi` (the bridge's: bridge-print.ts). */
export const ticketPrintData = (orderId: number, choice: TicketChoice, dpi: TicketDpi) =>
  sendJson(
    'POST',
    '/api/admin/tickets/print',
    { ...ticketsBody(orderId, choice), Dpi: dpi },
    TicketPrintData,
  );

export const receiptPrintData = (orderId: number) =>
  sendJson('POST', '/api/admin/tickets/printreceipts', { orderId }, ReceiptPrintData);

export const refundReceiptPrintData = (orderId: number, paymentId: number) =>
  sendJson('POST', '/api/admin/tickets/refundreceipt', { orderId, paymentId }, ReceiptPrintData);

export const markPrinted = (ticketId: number) =>
  sendJson('PUT', `/api/admin/tickets/${ticketId}/markPrinted`, {}, TicketChanged);

export const queueTickets = (orderId: number, printerId: number, choice: TicketChoice = {}) =>
  sendJson(
    'POST',
    '/api/admin/tickets/print',
    { ...ticketsBody(orderId, choice), PrinterId: printerId },
    PrintQueued,
  );

const JobQueued = z.object({ JobId: z.number().int() }).loose();

export const queueReceipt = (orderId: number, printerId: number) =>
  sendJson('POST', '/api/admin/tickets/printreceipts', { orderId, PrinterId: printerId }, JobQueued);

export const queueRefundReceipt = (orderId: number, paymentId: number, printerId: number) =>
  sendJson(
    'POST',
    '/api/admin/tickets/refundreceipt',
    { orderId, paymentId, PrinterId: printerId },
    JobQueued,
  );

export const fetchPrinters = async (signal?: AbortSignal): Promise<readonly PrinterView[]> =>
  (await getJson('/api/admin/printers', PrintersList, signal)).Printers;

export const fetchPrintJob = async (jobId: number, signal?: AbortSignal) =>
  PrintJobView.parse((await call('GET', `/api/admin/printjobs/${jobId}`, { signal, noStore: true })).body);

export const changePrintJob = (jobId: number, action: 'pause' | 'resume' | 'cancel') =>
  sendJson('PUT', `/api/admin/printjobs/${jobId}/${action}`, {}, PrintJobView);

export const changeUsherMessage = (ticketId: number, usherMessage: string | null) =>
  sendJson(
    'PUT',
    `/api/admin/tickets/${ticketId}/ChangeUsherMessage`,
    { id: ticketId, usherMessage },
    TicketChanged,
  );
