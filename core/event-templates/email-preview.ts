import { Effect } from 'effect';
import type { LanguageCode } from '../i18n/languages.ts';
import type { OrderDocument } from '../orders/order-document.ts';
import { orderEmail } from '../orders/order-mail/order-email.ts';
import { readTemplate } from './event-templates.ts';
import type { EventTemplate } from './ports.ts';
import { textIn } from './template-texts.ts';

// The confirmation e-mail a buyer of this template would get, for a made-up order of two tickets:
// the real e-mail (core/orders/order-mail/order-email.ts) with the template's text in it, so
// staff see their words where the buyer will.

const SAMPLE_EVENT_ID = 1;

/** The sample performance: 30 days after `now`, 7:30 PM. */
const sampleLocalDate = (now: Date): string => {
  const day = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return `${day}T19:30:00`;
};

export const sampleOrder = (template: EventTemplate, now: Date): OrderDocument => {
  const ticket = (seat: string, id: number) => ({
    ticketId: id,
    eventId: SAMPLE_EVENT_ID,
    key: `A-1-${seat}`,
    section: 'A',
    row: '1',
    seat,
    isGa: false,
    priceTypeName: 'Adult',
    priceLevelName: 'A',
    amount: 5000,
    barcode: `SAMPLE${id}`,
  });
  return {
    orderId: 0,
    orderName: 'SAMPLE-0001',
    createdAt: now,
    buyer: { firstName: 'Ann', lastName: 'Lee', email: 'ann.lee@example.com' },
    currency: template.venue?.isoCurrencyCode ?? 'USD',
    currencyLocale: template.venue?.currencyLocale ?? 'en-us',
    total: 10000,
    deliveryMethod: { name: 'E-mail', type: 'Email' },
    payment: { type: 'Card', cardBrand: 'Visa', last4: '4242' },
    events: [
      {
        eventId: SAMPLE_EVENT_ID,
        name: textIn(template.settings.texts, 'en').displayName ?? template.settings.name,
        localDate: sampleLocalDate(now),
        venueName: template.venue?.venueName ?? 'Venue',
        venueTimeZone: template.venue?.timeZone ?? 'UTC',
      },
    ],
    tickets: [ticket('1', 1), ticket('2', 2)],
    confirmationUrl: 'https://example.com/checkout/confirmation/0',
  };
};

/**
 * The e-mail for `language`: with `draftText` (the form's unsaved words) when given, else the
 * saved text in that language or English.
 */
export const previewConfirmationEmail = (
  templateId: number,
  language: LanguageCode,
  draftText: string | null,
  now: Date,
) =>
  Effect.gen(function* () {
    const template = yield* readTemplate(templateId);
    const text = draftText?.trim() || textIn(template.settings.texts, language).confirmationEmailText;
    const message = orderEmail(
      sampleOrder(template, now),
      new Uint8Array(0),
      text ? new Map([[SAMPLE_EVENT_ID, text]]) : new Map(),
    );
    return { subject: message.subject, html: message.html, text: message.text };
  });
