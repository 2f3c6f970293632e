import { z } from 'zod';

// Shared with web/: no server imports here. The box office's printing ('print'; the usher line
// 'usherMessages'). A print call with a PrinterId queues a job and answers at once; the printer's
// worker prints it (worker/print-queue.ts) and the screen polls the job. Without a PrinterId
// (print, printreceipts, refundreceipt) it answers the print data for the counter's bridge
// (bridge/: FGL text per ticket, base64 ESC/POS for a receipt), nothing queued and nothing
// marked: the screen marks each ticket printed once the bridge printed it.
//   POST /api/admin/tickets/print           an order's tickets (or some of them) on a ticket printer
//   POST /api/admin/tickets/printbybarcode  the ticket of a barcode
//   POST /api/admin/tickets/printreceipts   the order's sale or refund receipt on a receipt printer
//   POST /api/admin/tickets/refundreceipt   the receipt of the refunds made from one payment
//   POST /api/admin/tickets/printbatch      an event's tickets, a job per order
//   POST /api/admin/orders/bulkprint        a page of the orders awaiting print at the counter
//   PUT  /api/admin/tickets/{id}/markPrinted          printed by other means
//   PUT  /api/admin/tickets/{id}/ChangeUsherMessage   the usher line printed on the ticket
//   GET  /api/admin/printjobs/{id}                    progress; PUT .../pause|resume|cancel
//   GET|POST /api/admin/printers
// A ticket printed before is printed again only with Reprint true (marked REPRINT, audited).
//
// Answers besides 200: 400 { Message } bad input (nothing changed), 401/403, 404 no such order,
// ticket, payment, event, printer or job, 409 nothing to print or a job that cannot change now,
// 422 print data for a ticket that would not fit the printer's stock (nothing given; a queued
// job pauses with the same words instead).

const id = z.coerce.number().int().positive();

export const IdParams = z.object({ id });

const Reprint = z.boolean().default(false);

/** A server printer; left out, the call answers print data for the bridge instead. */
const OptionalPrinter = id.nullable().default(null);

export const PrintTicketsRequest = z.object({
  orderId: id,
  PrinterId: OptionalPrinter,
  /** Some of the order's tickets; all of them when left out. */
  TicketIds: z.array(id).min(1, 'must name at least one ticket').max(500).nullable().default(null),
  /**
   * Also the card payment's signature page (merchant copy): queued on ReceiptPrinterId with a
   * PrinterId, else answered as SignaturePage. Null when the order has no card payment.
   */
  printSignaturePage: z.boolean().default(false),
  ReceiptPrinterId: OptionalPrinter,
  /**
   * The ticket printer's resolution for print data: the FGL is laid out for it and is cut off on
   * a printer of another. The web sends the bridge's (its systeminfo TicketDpi); a server
   * printer has its own.
   */
  Dpi: z.union([z.literal(200), z.literal(300)], { message: 'must be 200 or 300' }).default(300),
  Reprint,
});
export type PrintTicketsRequest = z.input<typeof PrintTicketsRequest>;

export const PrintByBarcodeRequest = z.object({
  Barcode: z.string().trim().min(1, 'is required').max(200),
  PrinterId: id,
  Reprint,
});
export type PrintByBarcodeRequest = z.input<typeof PrintByBarcodeRequest>;

export const PrintReceiptsRequest = z.object({
  orderId: id,
  PrinterId: OptionalPrinter,
  /** The refund receipt (of all the order's refunds) instead of the sale's. */
  Refund: z.boolean().default(false),
});
export type PrintReceiptsRequest = z.input<typeof PrintReceiptsRequest>;

export const RefundReceiptRequest = z.object({
  orderId: id,
  /** The payment the refunds were taken from. */
  paymentId: id,
  PrinterId: OptionalPrinter,
});
export type RefundReceiptRequest = z.input<typeof RefundReceiptRequest>;

/** An order's tickets as print data for the bridge (no PrinterId): nothing queued or marked. */
export const TicketPrintData = z.object({
  /** FGL text per ticket, in print order; mark each printed once the bridge printed it. */
  Tickets: z.array(z.object({ TicketId: z.number().int(), Fgl: z.string() })),
  AlreadyPrinted: z.array(z.number().int()),
  NotActive: z.array(z.number().int()),
  /** With printSignaturePage: base64 ESC/POS of the card payment's signature page, or null. */
  SignaturePage: z.string().nullable(),
});
export type TicketPrintData = z.infer<typeof TicketPrintData>;

/**
 * A receipt as print data (base64 ESC/POS) for the bridge. It does not open the cash drawer
 * itself: OpenDrawer says cash was taken or given back, so the bridge's opendrawer is called.
 */
export const ReceiptPrintData = z.object({ Receipt: z.string(), OpenDrawer: z.boolean() });
export type ReceiptPrintData = z.infer<typeof ReceiptPrintData>;

export const PrintBatchRequest = z.object({
  EventId: id,
  /** Leave out tickets printed before (default); false reprints them, marked REPRINT and audited. */
  OnlyUnprinted: z.boolean().default(true),
  PrinterId: id,
});
export type PrintBatchRequest = z.input<typeof PrintBatchRequest>;

export const PrintBatchQueued = z.object({
  /** A job per order; an order's job left unfinished by an earlier print is named, not queued again. */
  JobIds: z.array(z.number().int()),
  /** Tickets queued by this call. */
  Tickets: z.number().int(),
  /** Printed before and left out. */
  AlreadyPrinted: z.number().int(),
});
export type PrintBatchQueued = z.infer<typeof PrintBatchQueued>;

export const BulkPrintRequest = z.object({
  /** 1-based. */
  pageNumber: z.coerce.number().int().min(1, 'must be 1 or more'),
  pageSize: z.coerce.number().int().min(1, 'must be 1 to 100').max(100, 'must be 1 to 100'),
  PrinterId: id,
  /** Only orders with tickets of this event. */
  EventId: id.nullable().default(null),
});
export type BulkPrintRequest = z.input<typeof BulkPrintRequest>;

export const BulkPrintQueued = z.object({
  Orders: z.array(
    z.object({
      OrderId: z.number().int(),
      /** Null: nothing left to print. */
      JobId: z.number().int().nullable(),
      Tickets: z.number().int(),
    }),
  ),
  /** Orders awaiting print (all pages) when the page was read. */
  TotalOrders: z.number().int(),
  PageNumber: z.number().int(),
  PageSize: z.number().int(),
});
export type BulkPrintQueued = z.infer<typeof BulkPrintQueued>;

export const PrintQueued = z.object({
  JobId: z.number().int(),
  /** The tickets the job prints, in order. */
  TicketIds: z.array(z.number().int()),
  /** Printed before and left out (ask again with Reprint). */
  AlreadyPrinted: z.array(z.number().int()),
  /** Cancelled, refunded or exchanged: never printed. */
  NotActive: z.array(z.number().int()),
  /** With printSignaturePage: its job on the receipt printer (null: the order has no card payment). */
  SignaturePageJobId: z.number().int().nullable().optional(),
});
export type PrintQueued = z.infer<typeof PrintQueued>;

export const UsherMessageRequest = z.object({
  /** The ticket's id again, as the spec sends it; must match the path when given. */
  id: id.optional(),
  usherMessage: z.string().trim().max(120, 'must be at most 120 characters').nullable(),
});
export type UsherMessageRequest = z.input<typeof UsherMessageRequest>;

export const TicketChanged = z.object({
  TicketId: z.number().int(),
  Printed: z.boolean(),
  UsherMessage: z.string().nullable(),
});

export const PrintJobStatus = z.enum(['queued', 'running', 'paused', 'done', 'cancelled']);

export const PrintJobView = z.object({
  Id: z.number().int(),
  PrinterId: z.number().int(),
  What: z.enum(['tickets', 'receipt', 'refund_receipt', 'signature_page']),
  OrderId: z.number().int().nullable(),
  Reprint: z.boolean(),
  Status: PrintJobStatus,
  /** Why it is paused (a printer fault), with what to do. */
  Message: z.string().nullable(),
  Printed: z.number().int(),
  Total: z.number().int(),
  Items: z.array(
    z.object({
      Position: z.number().int(),
      TicketId: z.number().int().nullable(),
      Status: z.enum(['pending', 'sent', 'acknowledged']),
      PrintedAt: z.string().nullable(),
    }),
  ),
});
export type PrintJobView = z.infer<typeof PrintJobView>;

export const PrinterView = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Kind: z.enum(['fgl', 'escpos']),
  Address: z.string(),
  Dpi: z.union([z.literal(200), z.literal(300)]),
  Verify: z.boolean(),
  Active: z.boolean(),
});
export type PrinterView = z.infer<typeof PrinterView>;

export const NewPrinterRequest = z.object({
  Name: z.string().trim().min(1, 'is required').max(60),
  Kind: z.enum(['fgl', 'escpos'], { message: 'must be fgl or escpos' }),
  Address: z
    .string()
    .trim()
    .regex(
      /^(tcp:\/\/[^/:]+:\d{1,5}|serial:[^?\s]+(\?baud=\d+)?)$/,
      'must be tcp://host:port or serial:/dev/ttyS0?baud=9600',
    ),
  Dpi: z.union([z.literal(200), z.literal(300)], { message: 'must be 200 or 300' }).default(200),
  Verify: z.boolean().default(true),
});
export type NewPrinterRequest = z.input<typeof NewPrinterRequest>;

export const PrintersList = z.object({ Printers: z.array(PrinterView) });
