import { z } from 'zod';

// Shared with web/: no server imports here. The box office's printing ('print'; the usher line
// 'usherMessages'). A print call queues a job and answers at once; the printer's worker prints
// it (worker/print-queue.ts) and the screen polls the job:
//   POST /api/admin/tickets/print           an order's tickets (or some of them) on a ticket printer
//   POST /api/admin/tickets/printbybarcode  the ticket of a barcode
//   POST /api/admin/tickets/printreceipts   the order's sale or refund receipt on a receipt printer
//   PUT  /api/admin/tickets/{id}/markPrinted          printed by other means
//   PUT  /api/admin/tickets/{id}/ChangeUsherMessage   the usher line printed on the ticket
//   GET  /api/admin/printjobs/{id}                    progress; PUT .../pause|resume|cancel
//   GET|POST /api/admin/printers
// A ticket printed before is printed again only with Reprint true (marked REPRINT, audited).
//
// Answers besides 200: 400 { Message } bad input (nothing changed), 401/403, 404 no such order,
// ticket, printer or job, 409 nothing to print or a job that cannot change now.

const id = z.coerce.number().int().positive();

export const IdParams = z.object({ id });

const Reprint = z.boolean().default(false);

export const PrintTicketsRequest = z.object({
  orderId: id,
  PrinterId: id,
  /** Some of the order's tickets; all of them when left out. */
  TicketIds: z.array(id).min(1, 'must name at least one ticket').max(500).nullable().default(null),
  /** The card signature page goes to a receipt printer: not printed by this call. */
  printSignaturePage: z.boolean().default(false),
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
  PrinterId: id,
  /** The refund receipt instead of the sale's. */
  Refund: z.boolean().default(false),
});
export type PrintReceiptsRequest = z.input<typeof PrintReceiptsRequest>;

export const PrintQueued = z.object({
  JobId: z.number().int(),
  /** The tickets the job prints, in order. */
  TicketIds: z.array(z.number().int()),
  /** Printed before and left out (ask again with Reprint). */
  AlreadyPrinted: z.array(z.number().int()),
  /** Cancelled, refunded or exchanged: never printed. */
  NotActive: z.array(z.number().int()),
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
  What: z.enum(['tickets', 'receipt', 'refund_receipt']),
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
    .regex(/^tcp:\/\/[^/:]+:\d{1,5}$/, 'must be tcp://host:port'),
  Dpi: z.union([z.literal(200), z.literal(300)], { message: 'must be 200 or 300' }).default(200),
  Verify: z.boolean().default(true),
});
export type NewPrinterRequest = z.input<typeof NewPrinterRequest>;

export const PrintersList = z.object({ Printers: z.array(PrinterView) });
