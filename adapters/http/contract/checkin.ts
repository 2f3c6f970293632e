import { z } from 'zod';

// Shared with web/: no server imports here. Check-in at the door ('checkIn'):
//   POST /api/admin/checkin/scan                a ticket scanned at a door, and what the door says
//   GET  /api/admin/checkin/{eventId}/summary   tickets sold for the event and how many went in
//
// Answers besides 200: 400 { Message } bad input (nothing recorded), 401/403, 404 no such event.

export const CheckInEventParams = z.object({ eventId: z.coerce.number().int().positive() });

export const ScanRequest = z.object({
  /** The event the door admits to. */
  EventId: z.number({ message: 'must be an event id' }).int().positive(),
  /** What the scanner (or the person) typed; surrounding spaces and case do not matter. */
  Barcode: z.string({ message: 'must be the scanned text' }).max(200, 'must be at most 200 characters'),
  /** The door's name, e.g. "Main entrance" (1 to 60 characters). */
  Door: z
    .string({ message: 'must be the door name' })
    .trim()
    .min(1, 'must be given')
    .max(60, 'must be at most 60 characters'),
});
export type ScanRequest = z.input<typeof ScanRequest>;

export const ScanResultName = z.enum(['admitted', 'alreadyScanned', 'wrongEvent', 'cancelled', 'unknown']);
export type ScanResultName = z.infer<typeof ScanResultName>;

export const ScannedTicket = z.object({
  TicketId: z.number(),
  EventId: z.number(),
  EventName: z.string(),
  EventStartsAt: z.string(),
  /** The venue's IANA zone: the event's date as its customers read it. */
  EventTimeZone: z.string(),
  Seat: z.string(),
  PriceType: z.string(),
  /** Active, Cancelled, Exchanged or Refunded. */
  Status: z.string(),
  OrderId: z.number(),
  OrderName: z.string(),
  CustomerName: z.string().nullable(),
});
export type ScannedTicket = z.infer<typeof ScannedTicket>;

export const ScanAnswer = z.object({
  Result: ScanResultName,
  /** null: no ticket has this barcode. */
  Ticket: ScannedTicket.nullable(),
  /** Why a cancelled ticket does not count: the ticket itself, its order, or its event. */
  CancelledBecause: z.enum(['ticket', 'order', 'event']).nullable(),
  /** When and at which door the ticket went in: this scan's, or the earlier one's. */
  AdmittedAt: z.string().nullable(),
  AdmittedDoor: z.string().nullable(),
});
export type ScanAnswer = z.infer<typeof ScanAnswer>;

export const CheckInSummary = z.object({
  EventId: z.number(),
  EventName: z.string(),
  EventStartsAt: z.string(),
  EventTimeZone: z.string(),
  /** Tickets of the event that count (Active, in an order not cancelled). */
  Sold: z.number(),
  Admitted: z.number(),
});
export type CheckInSummary = z.infer<typeof CheckInSummary>;
