import { localDateTime } from '../catalogue/local-time.ts';
import type { OrderRecord } from '../orders/order.ts';
import { webTicketsPath } from './bundle-id.ts';

// The web tickets page's data: one performance of an order, each ticket with what the door scans
// (its barcode) and what the buyer looks for (section, row, seat), and the order's other
// performances to go to.

export interface WebTicketView {
  ID: number;
  Barcode: string;
  Section: string | null;
  Row: string | null;
  Seat: string | null;
  IsGeneralAdmission: boolean;
  PriceTypeName: string;
}

export interface WebTicketsView {
  Order: { ID: number; Name: string };
  Event: { ID: number; Name: string; LocalDate: string; VenueName: string };
  Tickets: WebTicketView[];
  /** Every performance of the order (this one included), with its own page. */
  Events: { ID: number; Name: string; LocalDate: string; Path: string }[];
  /** This page under the order's link token: works on any phone, signed in or not. */
  Path: string;
}

/** The view of `eventId` in the order; null when the order has no tickets for it. */
export const webTicketsView = (
  record: OrderRecord,
  eventId: number,
  token: string,
): WebTicketsView | null => {
  const event = record.events.find((e) => e.eventId === eventId);
  const tickets = record.tickets.filter((t) => t.eventId === eventId);
  if (!event || tickets.length === 0) return null;
  return {
    Order: { ID: record.id, Name: record.name },
    Event: {
      ID: event.eventId,
      Name: event.name,
      LocalDate: localDateTime(event.startsAt, event.venueTimeZone),
      VenueName: event.venueName,
    },
    Tickets: tickets.map((t) => ({
      ID: t.id,
      Barcode: t.barcode,
      Section: t.sectionName,
      Row: t.row,
      Seat: t.seatNumber,
      IsGeneralAdmission: t.isGa,
      PriceTypeName: t.priceTypeName,
    })),
    Events: record.events
      .filter((e) => record.tickets.some((t) => t.eventId === e.eventId))
      .map((e) => ({
        ID: e.eventId,
        Name: e.name,
        LocalDate: localDateTime(e.startsAt, e.venueTimeZone),
        Path: webTicketsPath(token, e.eventId),
      })),
    Path: webTicketsPath(token, eventId),
  };
};
