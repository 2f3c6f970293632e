import { z } from 'zod';

// The web tickets page's call (adapters/http/web-tickets/plugin.ts).

export const WebTicketsParams = z.object({
  /** The order's number (its buyer only) or the order's link token (64 hex digits). */
  bundleId: z
    .string()
    .regex(/^([1-9][0-9]{0,9}|[0-9a-fA-F]{64})$/, 'must be an order number or the 64-character link token'),
  eventId: z.coerce.number().int().positive(),
});

export const WebTicket = z.object({
  ID: z.number().int(),
  Barcode: z.string(),
  Section: z.string().nullable(),
  Row: z.string().nullable(),
  Seat: z.string().nullable(),
  IsGeneralAdmission: z.boolean(),
  PriceTypeName: z.string(),
});

export const WebTickets = z.object({
  Order: z.object({ ID: z.number().int(), Name: z.string() }),
  Event: z.object({ ID: z.number().int(), Name: z.string(), LocalDate: z.string(), VenueName: z.string() }),
  Tickets: z.array(WebTicket),
  Events: z.array(
    z.object({ ID: z.number().int(), Name: z.string(), LocalDate: z.string(), Path: z.string() }),
  ),
  /** This page under the order's link token. */
  Path: z.string(),
});
export type WebTickets = z.infer<typeof WebTickets>;
