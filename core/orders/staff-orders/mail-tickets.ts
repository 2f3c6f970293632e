import { Effect } from 'effect';
import type { OrderDocument } from '../order-document.ts';
import { orderEmail, ticketsAttached } from '../order-mail/order-email.ts';
import { templateNotesFor } from '../order-mail/template-notes.ts';
import { MailSender, TicketPdfs } from '../ports.ts';

// The order's e-mail with its tickets, sent again on demand: from the customer's account
// (core/accounts/notifications/resend-tickets.ts) and by staff (core/orders/staff-orders/staff-orders.ts). The first
// confirmation goes through the job's sent marker instead (core/orders/order-mail/send-order-email.ts).

/** Sends the order e-mail for `doc` (its tickets attached when the delivery method prints them). */
export const mailTickets = (doc: OrderDocument) =>
  Effect.gen(function* () {
    const pdf = ticketsAttached(doc) ? yield* TicketPdfs.use((pdfs) => pdfs.render(doc)) : null;
    const message = orderEmail(doc, pdf, yield* templateNotesFor(doc));
    yield* MailSender.use((mail) => mail.send(message));
    return message;
  });

/** The document with only these tickets (the Active ones), and only the events they are for. */
export const withTicketsOnly = (doc: OrderDocument, ticketIds: readonly number[]): OrderDocument => {
  const kept = new Set(ticketIds);
  const tickets = doc.tickets.filter((t) => kept.has(t.ticketId));
  const events = new Set(tickets.map((t) => t.eventId));
  return { ...doc, tickets, events: doc.events.filter((e) => events.has(e.eventId)) };
};
