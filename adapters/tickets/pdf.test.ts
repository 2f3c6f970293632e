import { describe, expect, it } from 'vitest';
import { orderDocumentFactory, ticketFactory } from '../../core/orders/test-factories.ts';
import { renderTicketsPdf } from './pdf.ts';
import { pdfText } from './pdf-text.ts';
import { isPdf, pdfImagesDrawn, pdfPageCount, pdfTextOf } from './read-pdf.ts';

describe('ticket PDF', () => {
  it('is a real PDF with one page per ticket, each with the event, seat, price, order and barcode', async () => {
    const doc = orderDocumentFactory();
    const pdf = await renderTicketsPdf(doc);
    expect(isPdf(pdf)).toBe(true);
    expect(pdfPageCount(pdf)).toBe(3);
    const text = pdfTextOf(pdf);
    for (const expected of [
      'Hamlet',
      'Tuesday, December 1, 2026, 7:30 PM EST',
      'The Grand Theatre',
      'Winter Crossing',
      'Saturday, December 5, 2026, 2:00 PM EST',
      'Stalls',
      'Floor',
      'General',
      'Adult',
      'Child',
      '$45.50',
      '$25.00',
      '$50.50',
      'F-104242',
      'Ada Lovelace',
      'FYR7Q2M9K4XW1TB8',
      'FYR3H8N2D6PV5ZC1',
      'FYR5J1R7T3YQ9LA6',
      'Ticket 2 of 3',
    ])
      expect(text).toContain(expected);
    // A QR code image per page.
    expect(pdfImagesDrawn(pdf)).toBe(3);
  });

  it('writes the same text uncompressed (the test-only option changes nothing else)', async () => {
    const doc = orderDocumentFactory();
    const plain = await renderTicketsPdf(doc, { compress: false });
    expect(plain.toString('latin1')).toContain('/Type /Page');
    expect(pdfTextOf(plain)).toBe(pdfTextOf(await renderTicketsPdf(doc)));
  });

  it('prints on A4 outside North America and formats the amount for the venue', async () => {
    const doc = orderDocumentFactory({
      currency: 'EUR',
      currencyLocale: 'fr-fr',
      events: orderDocumentFactory().events.map((e) => ({ ...e, venueTimeZone: 'Europe/Paris' })),
      tickets: [ticketFactory({ amount: 123450 })],
    });
    const pdf = await renderTicketsPdf(doc);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    const text = pdfTextOf(pdf);
    expect(text).toContain('1\u00A0234,50\u00A0€');
    expect(text).toContain('Tuesday 1 December 2026, 7:30 PM');
  });

  it('writes characters the built-in fonts lack as words, not as nothing', () => {
    expect(pdfText('1.234,00\u00A0₫')).toBe('1.234,00\u00A0VND');
    expect(pdfText('Dvořák & Čajkovskij – Zoë')).toBe('Dvorák & Cajkovskij – Zoë');
    expect(pdfText('Łódź')).toBe('?ódz');
  });
});
