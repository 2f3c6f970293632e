// What the door says about a scanned ticket, from the ticket's facts alone (no clock, no I/O).
// The order of the checks is the door's: a ticket that no longer counts is refused as cancelled
// whichever event it was for (the customer should not come back tomorrow with it); then a ticket
// of another event, which says which night it is for; then one already through a door.

export type TicketStatus = 'Active' | 'Cancelled' | 'Exchanged' | 'Refunded';

/** The ticket behind a barcode, as the door needs it. */
export interface TicketFacts {
  readonly ticketId: number;
  readonly eventId: number;
  readonly eventName: string;
  readonly eventStartsAt: Date;
  readonly eventCancelled: boolean;
  readonly status: TicketStatus;
  readonly orderCancelled: boolean;
  readonly admittedAt: Date | null;
  readonly admittedDoor: string | null;
}

/** Why a ticket no longer lets anyone in. */
export type CancelledBecause = 'ticket' | 'order' | 'event';

export type ScanVerdict =
  | { readonly result: 'admit' }
  | { readonly result: 'alreadyScanned'; readonly at: Date; readonly door: string }
  | {
      readonly result: 'wrongEvent';
      readonly eventId: number;
      readonly eventName: string;
      readonly eventStartsAt: Date;
    }
  | { readonly result: 'cancelled'; readonly because: CancelledBecause }
  | { readonly result: 'unknown' };

/** The verdict for a ticket (null: no ticket has the barcode) at a door scanning for `doorEventId`. */
export const verdictOf = (doorEventId: number, ticket: TicketFacts | null): ScanVerdict => {
  if (!ticket) return { result: 'unknown' };
  if (ticket.status !== 'Active') return { result: 'cancelled', because: 'ticket' };
  if (ticket.orderCancelled) return { result: 'cancelled', because: 'order' };
  if (ticket.eventCancelled) return { result: 'cancelled', because: 'event' };
  if (ticket.eventId !== doorEventId)
    return {
      result: 'wrongEvent',
      eventId: ticket.eventId,
      eventName: ticket.eventName,
      eventStartsAt: ticket.eventStartsAt,
    };
  if (ticket.admittedAt)
    return { result: 'alreadyScanned', at: ticket.admittedAt, door: ticket.admittedDoor ?? '' };
  return { result: 'admit' };
};

/**
 * What a scanner typed, as a barcode: scanners add spaces, tabs or line ends, and a person typing
 * a code from a ticket may space it out; a barcode has none (adapters/postgres/orders/order-rows.ts).
 */
export const normaliseBarcode = (scanned: string): string => scanned.replace(/\s+/g, '');

/** A door's name: what staff typed, trimmed; 1 to 60 characters. null: refused. */
export const doorName = (typed: string): string | null => {
  const name = typed.trim().replace(/\s+/g, ' ');
  return name.length >= 1 && name.length <= 60 ? name : null;
};
