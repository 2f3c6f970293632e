import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { currencyLocaleFor } from '../i18n/currency-locales.ts';
import { formatMoney } from '../i18n/format-money.ts';
import { cjkLanguageOf, personName, type CjkLanguage } from '../i18n/scripts.ts';
import type { OrderDocument, OrderDocumentEvent, OrderDocumentTicket } from './order-document.ts';

// The words a ticket and the order e-mail share: when, where, which seat, how much. English for
// now (the e-mail and the ticket have no language of their own yet); dates follow the country.

/** Countries that write the month first and the time with AM/PM (and print on Letter paper). */
const MONTH_FIRST = new Set(['US', 'CA', 'PH']);

export const monthFirst = (currencyLocale: string): boolean =>
  MONTH_FIRST.has(currencyLocaleFor(currencyLocale).country);

/**
 * 'Tuesday, December 1, 2026, 7:30 PM EST' (US) or 'Tuesday 1 December 2026, 7:30 PM GMT': the
 * performance's wall-clock time in its venue, with the venue's zone so a traveller is not misled.
 */
export const performanceTime = (event: OrderDocumentEvent, currencyLocale: string): string => {
  const instant = fromZonedTime(event.localDate, event.venueTimeZone);
  const pattern = monthFirst(currencyLocale)
    ? 'EEEE, MMMM d, yyyy, h:mm a zzz'
    : 'EEEE d MMMM yyyy, h:mm a zzz';
  return formatInTimeZone(instant, event.venueTimeZone, pattern);
};

/** 'Section Stalls, Row C, Seat 12', or 'General admission: Standing'. */
export const seatLabel = (ticket: OrderDocumentTicket): string => {
  if (ticket.isGa) return `General admission: ${ticket.section ?? ticket.key}`;
  const parts = [
    ticket.section ? `Section ${ticket.section}` : null,
    ticket.row ? `Row ${ticket.row}` : null,
    ticket.seat ? `Seat ${ticket.seat}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : ticket.key;
};

export const amountOf = (doc: OrderDocument, minor: number): string => formatMoney(minor, doc.currencyLocale);

/** 'Ada Lovelace', '山田太郎' (family name first in CJK, core/i18n/scripts.ts), else the e-mail. */
export const buyerName = (doc: OrderDocument): string =>
  personName(doc.buyer.firstName, doc.buyer.lastName) || doc.buyer.email;

/**
 * How the order's Han characters are read (ja, ko or zh), from everything written on it: its
 * names, titles, places and seats, then the venues' time zones (core/i18n/scripts.ts). The order
 * document has no language of its own yet; null: no CJK character on it.
 */
export const cjkLanguageOfOrder = (doc: OrderDocument): CjkLanguage | null =>
  cjkLanguageOf(
    [
      doc.buyer.firstName,
      doc.buyer.lastName,
      doc.deliveryMethod.name,
      ...doc.events.flatMap((e) => [e.name, e.venueName]),
      ...doc.tickets.flatMap((t) => [
        t.section ?? '',
        t.row ?? '',
        t.seat ?? '',
        t.priceTypeName,
        t.priceLevelName,
      ]),
      ...(doc.extras ?? []).flatMap((x) => [x.name, x.levelName ?? '', x.recipientName ?? '']),
    ],
    doc.events.map((e) => e.venueTimeZone),
  );

/** The order's events in the order they are played, each with its tickets. */
export const ticketsByEvent = (
  doc: OrderDocument,
): readonly { readonly event: OrderDocumentEvent; readonly tickets: readonly OrderDocumentTicket[] }[] =>
  [...doc.events]
    .sort((a, b) => a.localDate.localeCompare(b.localDate) || a.eventId - b.eventId)
    .map((event) => ({ event, tickets: doc.tickets.filter((t) => t.eventId === event.eventId) }))
    .filter((group) => group.tickets.length > 0);

/** The event a ticket is for; a document without it is malformed (the order store builds both). */
export const eventOf = (doc: OrderDocument, ticket: OrderDocumentTicket): OrderDocumentEvent => {
  const event = doc.events.find((e) => e.eventId === ticket.eventId);
  if (!event)
    throw new Error(
      `order ${doc.orderId}: ticket ${ticket.ticketId} names event ${ticket.eventId}, not in the document`,
    );
  return event;
};
