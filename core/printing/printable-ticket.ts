import type { OrderDocument, OrderDocumentTicket } from '../orders/order-document.ts';

// What the box office prints a ticket from: the order document the PDF is made from
// (core/orders/order-document.ts), one of its tickets, and what only a printed ticket has.

export interface PrintableTicket {
  readonly doc: OrderDocument;
  readonly ticket: OrderDocumentTicket;
  /** The box office's ObscureTicketPriceOnPrint: no price anywhere on the ticket. */
  readonly obscurePrice?: boolean;
  /** A ticket printed again (lost, jammed): marked REPRINT so the door knows. */
  readonly reprint?: boolean;
  /** A line for the usher ("Enter by door C", "Wheelchair space"); cut or wrapped to fit. */
  readonly usherMessage?: string | null;
  /** Print the tear-off stub at the right end of the ticket. */
  readonly stub?: boolean;
}
