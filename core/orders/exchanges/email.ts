import type { OrderDocument } from '../order-document.ts';
import { ticketsAttached, ticketsFileName } from '../order-mail/order-email.ts';
import type { MailMessage } from '../ports.ts';
import { amountOf, buyerName, performanceTime, seatLabel, ticketsByEvent } from '../ticket-text.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

// The e-mail a customer gets after an exchange (core/orders/exchanges/complete.ts): the tickets
// given up (their barcodes no longer admit anyone), the new tickets (attached as a PDF when the
// order's delivery method carries tickets, as the order e-mail does), and the difference: to pay,
// owed back, or nothing.

export interface ExchangeEmailFacts {
  /** The order's document with only the tickets given up (read before the swap). */
  readonly given: OrderDocument;
  /** The order's document with only the new tickets (read after the swap). */
  readonly received: OrderDocument;
  /** New items' total minus the credit of the tickets given up; > 0: to pay, < 0: owed back. */
  readonly difference: number;
  /** The order's balance due after the swap (negative: credit owed to the customer). */
  readonly balanceDue: number;
}

/** What the difference means for the customer, in their words. */
export const differenceWords = (facts: ExchangeEmailFacts): string => {
  const doc = facts.received;
  if (facts.difference > 0)
    return facts.balanceDue > 0
      ? `Your new tickets cost ${amountOf(doc, facts.difference)} more. Still to pay on your order: ${amountOf(doc, facts.balanceDue)}.`
      : `Your new tickets cost ${amountOf(doc, facts.difference)} more, and this has been paid.`;
  if (facts.difference < 0)
    return `Your new tickets cost ${amountOf(doc, -facts.difference)} less. This is owed back to you: you will get an e-mail when it is refunded.`;
  return 'Your new tickets cost the same as the ones you gave up: there is nothing to pay.';
};

const deliveryWords = (doc: OrderDocument): string =>
  ticketsAttached(doc)
    ? `Your new tickets are attached (${ticketsFileName(doc)}): each barcode admits one person once.`
    : `Your new tickets come as your order's were: ${doc.deliveryMethod.name}.`;

const GIVEN_UP = 'The tickets you gave up (their barcodes no longer admit anyone):';
const RECEIVED = 'Your new tickets:';

const textTickets = (doc: OrderDocument, withAmounts: boolean): string[] =>
  ticketsByEvent(doc).flatMap(({ event, tickets }) => [
    `  ${event.name}`,
    `  ${performanceTime(event, doc.currencyLocale)}, ${event.venueName}`,
    ...tickets.map(
      (t) => `    ${seatLabel(t)} - ${t.priceTypeName}${withAmounts ? ` - ${amountOf(doc, t.amount)}` : ''}`,
    ),
  ]);

const htmlTickets = (doc: OrderDocument, withAmounts: boolean): string => {
  const e = escapeHtml;
  return ticketsByEvent(doc)
    .map(
      ({ event, tickets }) => `
<p style="margin:12px 0 4px"><strong>${e(event.name)}</strong><br><span style="color:#444">${e(performanceTime(event, doc.currencyLocale))}, ${e(event.venueName)}</span></p>
<ul style="margin:0;padding-left:20px">${tickets
        .map(
          (t) =>
            `<li>${e(seatLabel(t))} - ${e(t.priceTypeName)}${withAmounts ? ` - ${e(amountOf(doc, t.amount))}` : ''}</li>`,
        )
        .join('')}</ul>`,
    )
    .join('');
};

/**
 * The exchange e-mail. `ticketsPdf` is the new tickets rendered, attached when the delivery
 * method carries tickets (pass null otherwise; it is ignored for Mail and PointOfSale).
 */
export const exchangeEmail = (facts: ExchangeEmailFacts, ticketsPdf: Uint8Array | null): MailMessage => {
  const doc = facts.received;
  if (ticketsAttached(doc) && !ticketsPdf)
    throw new Error(`order ${doc.orderId}: ${doc.deliveryMethod.type} delivery needs the tickets PDF`);
  const subject = `Your exchange for order ${doc.orderName}`;
  const text = [
    `Dear ${buyerName(doc)},`,
    '',
    `We have exchanged tickets of your order ${doc.orderName}.`,
    '',
    GIVEN_UP,
    ...textTickets(facts.given, false),
    '',
    RECEIVED,
    ...textTickets(doc, true),
    '',
    differenceWords(facts),
    '',
    deliveryWords(doc),
    '',
    `Your order: ${doc.confirmationUrl}`,
    '',
    'See you at the show,',
    'The box office',
  ];
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:640px;margin:0 auto;padding:16px">
<p>Dear ${e(buyerName(doc))},</p>
<p>We have exchanged tickets of your order <strong>${e(doc.orderName)}</strong>.</p>
<h2 style="font-size:16px;margin:20px 0 4px">${e(GIVEN_UP)}</h2>${htmlTickets(facts.given, false)}
<h2 style="font-size:16px;margin:20px 0 4px">${e(RECEIVED)}</h2>${htmlTickets(doc, true)}
<p style="margin-top:16px"><strong>${e(differenceWords(facts))}</strong></p>
<p>${e(deliveryWords(doc))}</p>
<p><a href="${e(doc.confirmationUrl)}" style="display:inline-block;padding:10px 16px;background:#1f3a5f;color:#fff;text-decoration:none;border-radius:4px">View your order</a></p>
<p>See you at the show,<br>The box office</p>
</body></html>
`;
  return {
    to: doc.buyer.email,
    subject,
    text: text.join('\n') + '\n',
    html,
    attachments:
      ticketsAttached(doc) && ticketsPdf
        ? [{ filename: ticketsFileName(doc), content: ticketsPdf, contentType: 'application/pdf' }]
        : [],
  };
};
