import { z } from 'zod';

// Shared with web/: no server imports here. An event cancelled with all its orders (an
// EventAdmin: 'manageEvents'):
//   POST /api/admin/events/{id}/cancel         starts the run (or resumes the one running) and
//                                              hands it to the workers
//   GET  /api/admin/events/{id}/cancellation   how far it is, polled by the screen
// Amounts are integer minor units.
//
// Answers besides 200: 400 { Message } bad input (nothing changed), 401/403, 404 no such event.

export const EventIdParams = z.object({ id: z.coerce.number().int().positive() });

export const EventCancelRequest = z.object({
  /** Give each order its credit back the way it paid. */
  Refund: z.boolean(),
  /** Kept per order (at most what its tickets of the event cost), minor units. */
  Fee: z
    .number({ message: 'must be an amount in minor units' })
    .int('must be whole minor units')
    .min(0, 'must be 0 or more')
    .max(1_000_000_000, 'is too large')
    .default(0),
});
export type EventCancelRequest = z.input<typeof EventCancelRequest>;

export const EventCancellationStatus = z.enum(['none', 'running', 'finished']);

export const EventCancellation = z.object({
  EventId: z.number().int(),
  EventName: z.string(),
  EventStartsAt: z.string(),
  /** The venue's IANA time zone: the screen shows every time on its clock. */
  TimeZone: z.string(),
  /** The event's sale is stopped. */
  EventCancelled: z.boolean(),
  Currency: z.string(),
  /** How amounts are written (core/i18n/currency-locales.ts), e.g. en-us. */
  CurrencyLocale: z.string(),
  /** What a run started now would take: orders with an Active ticket of the event. */
  Preview: z.object({
    Orders: z.number().int(),
    Tickets: z.number().int(),
    /** What those orders paid, less refunds already made. */
    Paid: z.number().int(),
  }),
  /** none: never cancelled; running; finished (every order done). */
  Status: EventCancellationStatus,
  RunId: z.number().int().nullable(),
  Refund: z.boolean().nullable(),
  Fee: z.number().int().nullable(),
  StartedBy: z.string().nullable(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  Total: z.number().int(),
  Done: z.number().int(),
  Failed: z.number().int(),
  Pending: z.number().int(),
  /** Orders worked per second since the run started. */
  Rate: z.number(),
  /** Null while there is no rate yet. */
  SecondsLeft: z.number().int().nullable(),
});
export type EventCancellation = z.infer<typeof EventCancellation>;
