import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { Effect } from 'effect';
import { z } from 'zod';
import {
  PrintQueue,
  type BatchRefused,
  type PrintActor,
  type PrintJob,
  type ReceiptRefused,
  type TicketOffStock,
} from '../../../core/printing/ports.ts';
import { progressOf, type PrintJobAction, type TicketPrintPlan } from '../../../core/printing/print-queue.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  BulkPrintQueued,
  BulkPrintRequest,
  IdParams,
  NewPrinterRequest,
  PrintBatchQueued,
  PrintBatchRequest,
  ReceiptPrintData,
  RefundReceiptRequest,
  TicketPrintData,
  PrintByBarcodeRequest,
  PrinterView,
  PrintersList,
  PrintJobView,
  PrintQueued,
  PrintReceiptsRequest,
  PrintTicketsRequest,
  TicketChanged,
  UsherMessageRequest,
} from '../contract/printing.ts';
import { defineRoute } from '../route.ts';

// The box office's printing calls (adapters/http/contract/printing.ts). Printing on a server
// printer queues a job and answers at once; worker/print-queue.ts prints it on the printer and
// the screen polls GET /api/admin/printjobs/{id}. Without a printer the call answers the print
// data for the counter's bridge (bridge/), rendered as the worker renders it
// (adapters/printing/print-render.ts). The reprint rule (core/printing/print-queue.ts) is applied
// either way; a reprint is written to the audit log.

const tags = ['admin', 'printing'];

const actorOf = async (request: Request): Promise<PrintActor> => {
  const staff = await staffOf(request);
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { staffUserId: staff.staffUserId, name: staff.name };
};

const refusal = (refused: ReceiptRefused | BatchRefused | TicketOffStock): Boom.Boom => {
  switch (refused.refused) {
    case 'off-stock':
      return Boom.badData(refused.message);
    case 'no-payment':
      return Boom.notFound('This payment was not found on this order.');
    case 'no-refund':
      return Boom.conflict('No refund was made from this payment: there is no refund receipt to print.');
    case 'no-event':
      return Boom.notFound('EventId: this event was not found.');
    case 'no-printer':
      return Boom.notFound('This printer was not found or is not in use.');
    case 'no-order':
      return Boom.notFound('This order was not found.');
    case 'wrong-printer':
      return Boom.badRequest(
        refused.kind === 'fgl'
          ? 'PrinterId: this is a ticket printer; receipts print on a receipt printer.'
          : 'PrinterId: this is a receipt printer; tickets print on a ticket printer.',
      );
    case 'nothing-to-print':
      return Boom.conflict(
        refused.plan.alreadyPrinted.length > 0
          ? 'These tickets were printed already. To print them again, ask for a reprint.'
          : 'There is no active ticket to print.',
      );
  }
};

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const queuedBody = (jobId: number, plan: TicketPrintPlan): PrintQueued => ({
  JobId: jobId,
  TicketIds: plan.print.map((p) => p.ticketId),
  AlreadyPrinted: [...plan.alreadyPrinted],
  NotActive: [...plan.notActive],
});

const jobBody = (job: PrintJob): PrintJobView => {
  const { printed, total } = progressOf(job.items);
  return {
    Id: job.id,
    PrinterId: job.printerId,
    What: job.what,
    OrderId: job.orderId,
    Reprint: job.reprint,
    Status: job.status,
    Message: job.message,
    Printed: printed,
    Total: total,
    Items: job.items.map((i) => ({
      Position: i.position,
      TicketId: i.ticketId,
      Status: i.status,
      PrintedAt: i.printedAt?.toISOString() ?? null,
    })),
  };
};

export const printingPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-printing',
  register: (server, { runtime }) => {
    const run = <A>(use: (queue: PrintQueue['Service']) => Effect.Effect<A>) =>
      runtime.runPromise(PrintQueue.use(use));

    const ticketBody = async (ticketId: number) =>
      runtime.runPromise(
        Effect.gen(function* () {
          const queue = yield* PrintQueue;
          const ticket = yield* queue.ticket(ticketId);
          return {
            TicketId: ticketId,
            Printed: ticket?.printed ?? false,
            UsherMessage: ticket?.usherMessage ?? null,
          };
        }),
      );

    const printTickets = async (
      request: Request,
      printerId: number,
      orderId: number,
      ticketIds: readonly number[] | null,
      reprint: boolean,
    ) => {
      const actor = await actorOf(request);
      const queued = await run((q) => q.queueTickets({ printerId, orderId, ticketIds, reprint, actor }));
      if (!('jobId' in queued)) throw refusal(queued);
      return queuedBody(queued.jobId, queued.plan);
    };

    const ticketData = async (
      request: Request,
      payload: {
        orderId: number;
        TicketIds: number[] | null;
        Reprint: boolean;
        Dpi: 200 | 300;
        printSignaturePage: boolean;
      },
    ): Promise<TicketPrintData> => {
      const actor = await actorOf(request);
      const data = await run((q) =>
        q.ticketData({
          orderId: payload.orderId,
          ticketIds: payload.TicketIds,
          reprint: payload.Reprint,
          dpi: payload.Dpi,
          actor,
        }),
      );
      if ('refused' in data) throw refusal(data);
      let signaturePage: string | null = null;
      if (payload.printSignaturePage) {
        const page = await run((q) =>
          q.receiptData({ orderId: payload.orderId, what: 'signature_page', actor }),
        );
        signaturePage = 'bytes' in page ? base64(page.bytes) : null;
      }
      return {
        Tickets: data.tickets.map((t) => ({ TicketId: t.ticketId, Fgl: t.fgl })),
        AlreadyPrinted: [...data.plan.alreadyPrinted],
        NotActive: [...data.plan.notActive],
        SignaturePage: signaturePage,
      };
    };

    const receiptData = async (
      request: Request,
      orderId: number,
      what: 'receipt' | 'refund_receipt',
      paymentId: number | null,
    ): Promise<ReceiptPrintData> => {
      const actor = await actorOf(request);
      const data = await run((q) => q.receiptData({ orderId, what, paymentId, actor }));
      if ('refused' in data) throw refusal(data);
      return { Receipt: base64(data.bytes), OpenDrawer: data.openDrawer };
    };

    /** A receipt printer in use, checked before anything is queued for it. */
    const receiptPrinter = async (printerId: number) => {
      const printer = (await run((q) => q.printers())).find((p) => p.id === printerId && p.active);
      if (!printer) throw Boom.notFound('ReceiptPrinterId: this printer was not found or is not in use.');
      if (printer.kind !== 'escpos')
        throw Boom.badRequest(
          'ReceiptPrinterId: this is a ticket printer; the signature page prints on a receipt printer.',
        );
    };

    const jobAction = (action: PrintJobAction) =>
      defineRoute({
        method: 'PUT',
        path: `/api/admin/printjobs/{id}/${action}`,
        summary: {
          pause: 'Pauses a print job before its next ticket',
          resume: 'Resumes a paused print job from its first ticket the printer has not acknowledged',
          cancel: 'Cancels a print job: nothing more of it is printed',
        }[action],
        tags,
        permission: 'print',
        params: IdParams,
        response: PrintJobView,
        handler: async ({ params }) => {
          const changed = await run((q) => q.change(params.id, action));
          if ('refused' in changed) {
            if (changed.refused === 'no-job') throw Boom.notFound('This print job was not found.');
            throw Boom.conflict(`This print job is ${changed.status}: it cannot be ${action}d now.`);
          }
          return jobBody((await run((q) => q.job(params.id)))!);
        },
      });

    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/tickets/print',
        summary:
          "Queues an order's tickets (TicketIds, or all) on a ticket printer (PrinterId) and answers the job to poll; without PrinterId answers their FGL for the bridge, nothing queued or marked. Tickets printed before are left out unless Reprint, which prints them marked REPRINT and is audited. printSignaturePage: the card payment's signature page too (on ReceiptPrinterId when queued)",
        tags,
        permission: 'print',
        payload: PrintTicketsRequest,
        response: z.union([PrintQueued, TicketPrintData]),
        handler: async ({ payload, request }) => {
          if (payload.PrinterId === null) return ticketData(request, payload);
          if (payload.printSignaturePage) {
            if (payload.ReceiptPrinterId === null)
              throw Boom.badRequest(
                'ReceiptPrinterId: the signature page prints on a receipt printer; name one with printSignaturePage.',
              );
            await receiptPrinter(payload.ReceiptPrinterId);
          }
          const queued = await printTickets(
            request,
            payload.PrinterId,
            payload.orderId,
            payload.TicketIds,
            payload.Reprint,
          );
          const receiptPrinterId = payload.ReceiptPrinterId;
          if (!payload.printSignaturePage || receiptPrinterId === null) return queued;
          const actor = await actorOf(request);
          const page = await run((q) =>
            q.queueReceipt({
              printerId: receiptPrinterId,
              orderId: payload.orderId,
              what: 'signature_page',
              actor,
            }),
          );
          return { ...queued, SignaturePageJobId: 'jobId' in page ? page.jobId : null };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/tickets/printbybarcode',
        summary: 'Queues the ticket of a barcode on a ticket printer (Reprint as for /print)',
        tags,
        permission: 'print',
        payload: PrintByBarcodeRequest,
        response: PrintQueued,
        handler: async ({ payload, request }) => {
          const ticket = await run((q) => q.ticketByBarcode(payload.Barcode));
          if (!ticket) throw Boom.notFound('No ticket has this barcode.');
          return printTickets(request, payload.PrinterId, ticket.orderId, [ticket.ticketId], payload.Reprint);
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/tickets/printreceipts',
        summary:
          "Queues the order's sale receipt (or, with Refund, its refund receipt) on a receipt printer; without PrinterId answers it as base64 ESC/POS for the bridge, with whether the cash drawer opens",
        tags,
        permission: 'print',
        payload: PrintReceiptsRequest,
        response: z.union([PrintQueued, ReceiptPrintData]),
        handler: async ({ payload, request }) => {
          const printerId = payload.PrinterId;
          if (printerId === null)
            return receiptData(request, payload.orderId, payload.Refund ? 'refund_receipt' : 'receipt', null);
          const actor = await actorOf(request);
          const queued = await run((q) =>
            q.queueReceipt({
              printerId,
              orderId: payload.orderId,
              what: payload.Refund ? 'refund_receipt' : 'receipt',
              actor,
            }),
          );
          if (!('jobId' in queued)) throw refusal(queued);
          return { JobId: queued.jobId, TicketIds: [], AlreadyPrinted: [], NotActive: [] };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/tickets/refundreceipt',
        summary:
          'Queues the receipt of the refunds made from one payment of the order on a receipt printer; without PrinterId answers it as base64 ESC/POS for the bridge, with whether the cash drawer opens',
        tags,
        permission: 'print',
        payload: RefundReceiptRequest,
        response: z.union([PrintQueued, ReceiptPrintData]),
        handler: async ({ payload, request }) => {
          const printerId = payload.PrinterId;
          if (printerId === null)
            return receiptData(request, payload.orderId, 'refund_receipt', payload.paymentId);
          const actor = await actorOf(request);
          const queued = await run((q) =>
            q.queueReceipt({
              printerId,
              orderId: payload.orderId,
              what: 'refund_receipt',
              paymentId: payload.paymentId,
              actor,
            }),
          );
          if (!('jobId' in queued)) throw refusal(queued);
          return { JobId: queued.jobId, TicketIds: [], AlreadyPrinted: [], NotActive: [] };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/tickets/printbatch',
        summary:
          "Queues an event's active tickets on a ticket printer, a job per order; tickets printed before are left out unless OnlyUnprinted is false (then reprinted, marked REPRINT, audited)",
        tags,
        permission: 'print',
        payload: PrintBatchRequest,
        response: PrintBatchQueued,
        handler: async ({ payload, request }) => {
          const actor = await actorOf(request);
          const queued = await run((q) =>
            q.queueBatch({
              printerId: payload.PrinterId,
              eventId: payload.EventId,
              onlyUnprinted: payload.OnlyUnprinted,
              actor,
            }),
          );
          if ('refused' in queued) throw refusal(queued);
          return {
            JobIds: [...queued.jobIds],
            Tickets: queued.tickets,
            AlreadyPrinted: queued.alreadyPrinted,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/orders/bulkprint',
        summary:
          'Queues a page (1-based) of the orders awaiting print at the counter (delivery PointOfSale, tickets not printed), oldest first, a job per order on a ticket printer',
        tags,
        permission: 'print',
        payload: BulkPrintRequest,
        response: BulkPrintQueued,
        handler: async ({ payload, request }) => {
          const actor = await actorOf(request);
          const queued = await run((q) =>
            q.queueBulk({
              printerId: payload.PrinterId,
              pageNumber: payload.pageNumber,
              pageSize: payload.pageSize,
              eventId: payload.EventId,
              actor,
            }),
          );
          if ('refused' in queued) throw refusal(queued);
          return {
            Orders: queued.orders.map((o) => ({ OrderId: o.orderId, JobId: o.jobId, Tickets: o.tickets })),
            TotalOrders: queued.totalOrders,
            PageNumber: payload.pageNumber,
            PageSize: payload.pageSize,
          };
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/tickets/{id}/markPrinted',
        summary: 'Marks a ticket printed (printed by other means); later prints of it are reprints',
        tags,
        permission: 'print',
        params: IdParams,
        response: TicketChanged,
        handler: async ({ params }) => {
          if (!(await run((q) => q.markPrinted(params.id))))
            throw Boom.notFound('This ticket was not found.');
          return ticketBody(params.id);
        },
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/tickets/{id}/ChangeUsherMessage',
        summary: 'Sets the line for the usher printed on the ticket (null or empty: none)',
        tags,
        permission: 'usherMessages',
        params: IdParams,
        payload: UsherMessageRequest,
        response: TicketChanged,
        handler: async ({ params, payload }) => {
          if (payload.id !== undefined && payload.id !== params.id)
            throw Boom.badRequest('id: must be the ticket of the address.');
          const message =
            payload.usherMessage === null || payload.usherMessage === '' ? null : payload.usherMessage;
          if (!(await run((q) => q.changeUsherMessage(params.id, message))))
            throw Boom.notFound('This ticket was not found.');
          return ticketBody(params.id);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/printjobs/{id}',
        summary: "A print job's progress: status, why it is paused, tickets printed of all",
        tags,
        permission: 'print',
        params: IdParams,
        response: PrintJobView,
        handler: async ({ params }) => {
          const job = await run((q) => q.job(params.id));
          if (!job) throw Boom.notFound('This print job was not found.');
          return jobBody(job);
        },
      }),
      jobAction('pause'),
      jobAction('resume'),
      jobAction('cancel'),
      defineRoute({
        method: 'GET',
        path: '/api/admin/printers',
        summary: 'The box office printers',
        tags,
        permission: 'print',
        response: PrintersList,
        handler: async () => ({ Printers: (await run((q) => q.printers())).map(printerBody) }),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/printers',
        summary:
          'Adds a printer: a name, fgl (tickets) or escpos (receipts), its tcp://host:port, dpi and whether it confirms each ticket',
        tags,
        permission: 'print',
        payload: NewPrinterRequest,
        response: PrinterView,
        handler: async ({ payload }) => {
          const added = await run((q) =>
            q.addPrinter({
              name: payload.Name,
              kind: payload.Kind,
              address: payload.Address,
              dpi: payload.Dpi,
              verify: payload.Verify,
            }),
          );
          if (!added) throw Boom.conflict('Name: a printer has this name already.');
          return printerBody(added);
        },
      }),
    ]);
  },
};

const printerBody = (p: {
  id: number;
  name: string;
  kind: 'fgl' | 'escpos';
  address: string;
  dpi: 200 | 300;
  verify: boolean;
  active: boolean;
}): PrinterView => ({
  Id: p.id,
  Name: p.name,
  Kind: p.kind,
  Address: p.address,
  Dpi: p.dpi,
  Verify: p.verify,
  Active: p.active,
});
