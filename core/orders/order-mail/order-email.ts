import type { OrderDocument } from '../order-document.ts';
import type { MailMessage } from '../ports.ts';
import {
  amountOf,
  buyerName,
  cjkLanguageOfOrder,
  performanceTime,
  seatLabel,
  ticketsByEvent,
} from '../ticket-text.ts';
import { hasCjk } from '../../i18n/scripts.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

// The order e-mail (the confirmation after checkout), built from the order document alone.
// Delivery methods behave as their names say (PrintAtHome, Email, Mail, PointOfSale): the first
// two carry the tickets as a PDF; by post or at the box office, no PDF
// (a barcode in an inbox would be a second copy of a ticket that is printed elsewhere).
// The words are English (lang="en"; the order has no language of its own yet), the names and
// titles are as typed in any script: nodemailer sends the subject RFC 2047-encoded and the bodies
// as UTF-8, and the HTML marks CJK names with the order's CJK language (core/i18n/scripts.ts) so
// a mail client draws 山田 with Japanese glyph forms in a Japanese order, Chinese in a Chinese one.

export type DeliveryType = OrderDocument['deliveryMethod']['type'];

/** Whether this delivery method sends the tickets as a PDF (by e-mail and for download). */
export const printsTickets = (type: DeliveryType): boolean => type === 'PrintAtHome' || type === 'Email';

/**
 * Whether the document's e-mail carries a tickets PDF: a delivery method that prints them, and at
 * least one ticket (an order of only memberships or gift certificates has nothing to print).
 */
export const ticketsAttached = (doc: Pick<OrderDocument, 'deliveryMethod' | 'tickets'>): boolean =>
  printsTickets(doc.deliveryMethod.type) && doc.tickets.length > 0;

export const ticketsFileName = (doc: OrderDocument): string =>
  `tickets-${doc.orderName.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;

const deliveryWords = (doc: OrderDocument): string => {
  const fileName = ticketsFileName(doc);
  switch (doc.deliveryMethod.type) {
    case 'PrintAtHome':
      return `Your tickets are attached (${fileName}). Please print them and bring them with you: each barcode admits one person once.`;
    case 'Email':
      return `Your e-tickets are attached (${fileName}). Show them on your phone or printed at the door: each barcode admits one person once.`;
    case 'Mail':
      return 'Your tickets will be posted to you at the address you gave. Please allow a few days for them to arrive.';
    case 'PointOfSale':
      return 'Please collect your tickets at the box office before the performance. Bring your order number and the card you paid with.';
  }
};

const paymentWords = (doc: OrderDocument): string | null => {
  const { type, cardBrand, last4 } = doc.payment;
  if (cardBrand && last4) return `Paid by ${cardBrand} ending ${last4}`;
  if (last4) return `Paid by card ending ${last4}`;
  return type ? `Paid by ${type}` : null;
};

const subjectOf = (doc: OrderDocument): string => {
  const names = [...new Set(ticketsByEvent(doc).map((g) => g.event.name))];
  const what =
    names.length === 1 ? names[0] : names.length > 1 ? `${names[0]} and ${names.length - 1} more` : null;
  return what ? `Your order ${doc.orderName}: ${what}` : `Your order ${doc.orderName}`;
};

/**
 * The performance's tickets on a phone (web/src/features/web-tickets/), for the deliveries whose
 * tickets the buyer brings themselves; a posted or collected ticket is the way in instead.
 */
const phoneTicketsUrl = (doc: OrderDocument, eventId: number): string | null =>
  doc.webTicketsUrl && (doc.deliveryMethod.type === 'PrintAtHome' || doc.deliveryMethod.type === 'Email')
    ? `${doc.webTicketsUrl}/event/${eventId}`
    : null;

const phoneLink = (doc: OrderDocument, eventId: number): string => {
  const url = phoneTicketsUrl(doc, eventId);
  return url
    ? `\n<p style="margin:8px 0"><a href="${escapeHtml(url)}">Your tickets on your phone</a></p>`
    : '';
};

/** A membership or gift certificate line: "Friends of Foyer: Patron (for Ann Lee)". */
const extraLabel = (x: NonNullable<OrderDocument['extras']>[number]): string =>
  `${x.levelName ? `${x.name}: ${x.levelName}` : x.name}${x.recipientName ? ` (for ${x.recipientName})` : ''}`;

/**
 * Each performance's words from its event template (its confirmation e-mail text, in the order's
 * language or English: core/event-templates/template-texts.ts), by event id; shown under the
 * performance's tickets.
 */
export type TemplateNotes = ReadonlyMap<number, string>;

const NO_NOTES: TemplateNotes = new Map();

const textBody = (doc: OrderDocument, notes: TemplateNotes): string => {
  const lines = [`Dear ${buyerName(doc)},`, '', `Thank you for your order ${doc.orderName}.`, ''];
  for (const { event, tickets } of ticketsByEvent(doc)) {
    lines.push(event.name, performanceTime(event, doc.currencyLocale), event.venueName);
    for (const t of tickets)
      lines.push(`  ${seatLabel(t)} - ${t.priceTypeName} - ${amountOf(doc, t.amount)}`);
    const phone = phoneTicketsUrl(doc, event.eventId);
    if (phone) lines.push(`  On your phone: ${phone}`);
    const note = notes.get(event.eventId);
    if (note) lines.push('', note);
    lines.push('');
  }
  // Memberships and gift certificates: each is e-mailed to its member or recipient on its own.
  for (const x of doc.extras ?? []) lines.push(`${extraLabel(x)} - ${amountOf(doc, x.amount)}`);
  if ((doc.extras ?? []).length > 0) lines.push('');
  lines.push(`Total: ${amountOf(doc, doc.total)}`);
  const paid = paymentWords(doc);
  if (paid) lines.push(paid);
  if (doc.tickets.length > 0) lines.push(`Delivery: ${doc.deliveryMethod.name}`, '', deliveryWords(doc), '');
  else lines.push('');
  lines.push(`Your order: ${doc.confirmationUrl}`, '', 'See you at the show,', 'The box office');
  return lines.join('\n') + '\n';
};

/** A template's text as paragraphs: blank lines part them, single line breaks stay. */
const noteHtml = (text: string | undefined, named: (t: string) => string): string =>
  text
    ? text
        .split(/\n\s*\n/)
        .map((p) => `\n<p style="margin:8px 0">${p.split('\n').map(named).join('<br>')}</p>`)
        .join('')
    : '';

const htmlBody = (doc: OrderDocument, notes: TemplateNotes): string => {
  const e = escapeHtml;
  const cjk = cjkLanguageOfOrder(doc);
  /** Escaped, and in its own language when it is written in CJK characters. */
  const named = (text: string): string =>
    cjk && hasCjk(text) ? `<span lang="${cjk}">${e(text)}</span>` : e(text);
  const cell = 'padding:4px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top';
  const events = ticketsByEvent(doc)
    .map(
      ({ event, tickets }) => `
<h2 style="font-size:18px;margin:24px 0 4px">${named(event.name)}</h2>
<p style="margin:0 0 8px;color:#444">${e(performanceTime(event, doc.currencyLocale))}<br>${named(event.venueName)}</p>
<table style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr><th style="${cell}">Seat</th><th style="${cell}">Ticket</th><th style="${cell};text-align:right">Price</th></tr></thead>
<tbody>${tickets
        .map(
          (t) =>
            `<tr><td style="${cell}">${e(seatLabel(t))}</td><td style="${cell}">${named(t.priceTypeName)}</td><td style="${cell};text-align:right">${e(amountOf(doc, t.amount))}</td></tr>`,
        )
        .join('')}</tbody>
</table>${phoneLink(doc, event.eventId)}${noteHtml(notes.get(event.eventId), named)}`,
    )
    .join('');
  const extras = (doc.extras ?? []).length
    ? `
<table style="border-collapse:collapse;width:100%;font-size:14px;margin-top:24px">
<tbody>${(doc.extras ?? [])
        .map(
          (x) =>
            `<tr><td style="${cell}">${e(extraLabel(x))}</td><td style="${cell};text-align:right">${e(amountOf(doc, x.amount))}</td></tr>`,
        )
        .join('')}</tbody>
</table>`
    : '';
  const delivery =
    doc.tickets.length > 0
      ? `<br><span style="color:#444">Delivery: ${e(doc.deliveryMethod.name)}</span></p>
<p>${e(deliveryWords(doc))}</p>`
      : '</p>';
  const paid = paymentWords(doc);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subjectOf(doc))}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:640px;margin:0 auto;padding:16px">
<p>Dear ${named(buyerName(doc))},</p>
<p>Thank you for your order <strong>${e(doc.orderName)}</strong>.</p>${events}${extras}
<p style="font-size:16px;margin-top:16px"><strong>Total: ${e(amountOf(doc, doc.total))}</strong>${paid ? `<br><span style="color:#444">${e(paid)}</span>` : ''}${delivery}
<p><a href="${e(doc.confirmationUrl)}" style="display:inline-block;padding:10px 16px;background:#1f3a5f;color:#fff;text-decoration:none;border-radius:4px">View your order</a></p>
<p>See you at the show,<br>The box office</p>
</body></html>
`;
};

/**
 * The confirmation e-mail of an order. `ticketsPdf` is the rendered tickets, attached when the
 * delivery method carries them (pass null otherwise; it is ignored for Mail and PointOfSale).
 */
export const orderEmail = (
  doc: OrderDocument,
  ticketsPdf: Uint8Array | null,
  notes: TemplateNotes = NO_NOTES,
): MailMessage => {
  if (ticketsAttached(doc) && !ticketsPdf)
    throw new Error(`order ${doc.orderId}: ${doc.deliveryMethod.type} delivery needs the tickets PDF`);
  return {
    to: doc.buyer.email,
    subject: subjectOf(doc),
    text: textBody(doc, notes),
    html: htmlBody(doc, notes),
    attachments:
      ticketsAttached(doc) && ticketsPdf
        ? [{ filename: ticketsFileName(doc), content: ticketsPdf, contentType: 'application/pdf' }]
        : [],
  };
};
