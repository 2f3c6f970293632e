import bwipjs from 'bwip-js/node';
import { Effect, Layer } from 'effect';
import PDFDocument from 'pdfkit';
import type { OrderDocument, OrderDocumentTicket } from '../../core/orders/order-document.ts';
import { TicketPdfs } from '../../core/orders/ports.ts';
import {
  amountOf,
  buyerName,
  cjkLanguageOfOrder,
  eventOf,
  monthFirst,
  performanceTime,
} from '../../core/orders/ticket-text.ts';
import { documentFonts, type DocumentFonts } from './pdf-fonts.ts';
import { pdfText } from './pdf-text.ts';

// Print-at-home tickets: one page per ticket (Letter where the venue's country prints on Letter,
// A4 elsewhere), the ticket itself in a framed panel at the top so it can be folded or cut out,
// the QR code of its barcode with the barcode's text under it for a scanner that fails. Every
// run of text gets the font that has its characters (pdf-fonts.ts): Helvetica for what it can
// draw, embedded Noto Sans (Latin, JP, KR, SC) for the rest.

const INK = '#1a1a1a';
const MUTED = '#5b5b5b';
const ACCENT = '#1f3a5f';
const RULE = '#c8c8c8';
const MARGIN = 48;
const QR_SIZE = 160;

export interface RenderOptions {
  /** Leave the page streams uncompressed (to read the text in tests); compressed by default. */
  readonly compress?: boolean;
}

const qrPng = (text: string): Promise<Buffer> =>
  bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 6, paddingwidth: 0, paddingheight: 0 });

/** The text at the largest size from `max` down to `min` that fits `width`, cut with an ellipsis below that. */
const fitted = (pdf: PDFKit.PDFDocument, text: string, width: number, max: number, min: number) => {
  for (let size = max; size >= min; size -= 1) {
    pdf.fontSize(size);
    if (pdf.widthOfString(text) <= width) return { text, size };
  }
  const chars = [...text]; // by code point, so a character beyond the BMP (𠮷) is never cut in two
  while (chars.length > 1 && pdf.widthOfString(`${chars.join('')}…`) > width) chars.pop();
  return { text: `${chars.join('').trimEnd()}…`, size: min };
};

// Helvetica's ascent. pdfkit places text by the top of its font's ascent, which is taller in the
// CJK fonts; a field's label and value are placed on the baseline Helvetica would have, so a row
// of fields in different fonts stands on one line.
const HELVETICA_ASCENT = 0.718;
const baselineBelow = (top: number, size: number): number => top + HELVETICA_ASCENT * size;

/** A label over its value, the way section, row and seat stand on a real ticket; one line each. */
const field = (
  pdf: PDFKit.PDFDocument,
  fonts: DocumentFonts,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
) => {
  const caption = fonts.use(label.toUpperCase());
  pdf.fontSize(8).fillColor(MUTED);
  pdf.text(caption, x, baselineBelow(y, 8), {
    width,
    characterSpacing: 0.8,
    lineBreak: false,
    baseline: 'alphabetic',
  });
  const drawn = fonts.use(value, 'bold');
  pdf.fillColor(INK);
  const fit = fitted(pdf, drawn, width, 18, 10);
  pdf.fontSize(fit.size).text(fit.text, x, baselineBelow(y + 12 + (18 - fit.size) / 2, fit.size), {
    lineBreak: false,
    baseline: 'alphabetic',
  });
};

/** Label, value and share of the line. */
const seatFields = (ticket: OrderDocumentTicket): [string, string, number][] =>
  ticket.isGa
    ? [
        ['Section', ticket.section ?? ticket.key, 0.6],
        ['Admission', 'General', 0.4],
      ]
    : [
        ['Section', ticket.section ?? '-', 0.5],
        ['Row', ticket.row ?? '-', 0.2],
        ['Seat', ticket.seat ?? ticket.key, 0.3],
      ];

const drawTicket = (
  pdf: PDFKit.PDFDocument,
  fonts: DocumentFonts,
  doc: OrderDocument,
  ticket: OrderDocumentTicket,
  index: number,
  qr: Buffer,
) => {
  const event = eventOf(doc, ticket);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const top = MARGIN;

  // Heading band: what this page is, and which of the order's tickets.
  pdf.rect(left, top, width, 30).fill(ACCENT);
  pdf.font('Helvetica-Bold').fontSize(11).fillColor('#ffffff');
  pdf.text('ADMIT ONE', left + 14, top + 10, { lineBreak: false });
  pdf.text(fonts.use(`Ticket ${index + 1} of ${doc.tickets.length}`), left, top + 10, {
    width: width - 14,
    align: 'right',
  });

  // The ticket panel.
  const panelTop = top + 30;
  const panelHeight = 280;
  pdf.lineWidth(1).strokeColor(RULE).rect(left, panelTop, width, panelHeight).stroke();
  const textWidth = width - QR_SIZE - 3 * 20;
  let y = panelTop + 20;
  const title = fonts.use(event.name, 'bold');
  pdf.fontSize(24).fillColor(INK);
  pdf.text(title, left + 20, y, {
    width: textWidth,
    // two lines, also in the CJK fonts, whose lines are taller than Helvetica's
    height: Math.max(60, 2 * pdf.currentLineHeight(true) + 1),
    ellipsis: true,
  });
  y = pdf.y + 6;
  const when = fonts.use(performanceTime(event, doc.currencyLocale));
  pdf
    .fontSize(13)
    .fillColor(INK)
    .text(when, left + 20, y, { width: textWidth });
  const where = fonts.use(event.venueName);
  pdf.fillColor(MUTED).text(where, left + 20, pdf.y + 2, { width: textWidth });

  y = Math.max(pdf.y + 22, panelTop + 130);
  let x = left + 20;
  for (const [label, value, share] of seatFields(ticket)) {
    field(pdf, fonts, label, value, x, y, textWidth * share - 10);
    x += textWidth * share;
  }
  y += 50;
  pdf
    .moveTo(left + 20, y)
    .lineTo(left + 20 + textWidth, y)
    .strokeColor(RULE)
    .stroke();
  y += 12;
  field(pdf, fonts, 'Ticket', ticket.priceTypeName, left + 20, y, textWidth * 0.6 - 10);
  field(pdf, fonts, 'Price', amountOf(doc, ticket.amount), left + 20 + textWidth * 0.6, y, textWidth * 0.4);
  y += 50;
  const level = fonts.use(ticket.priceLevelName);
  pdf
    .fontSize(10)
    .fillColor(MUTED)
    .text(level, left + 20, y, { width: textWidth });

  // QR code at the right of the panel, its text under it.
  const qrX = left + width - 20 - QR_SIZE;
  const qrY = panelTop + 40;
  pdf.image(qr, qrX, qrY, { width: QR_SIZE, height: QR_SIZE });
  pdf
    .font('Courier-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(pdfText(ticket.barcode), qrX - 20, qrY + QR_SIZE + 10, {
      width: QR_SIZE + 40,
      align: 'center',
    });

  // Order facts under the panel.
  const factsTop = panelTop + panelHeight + 24;
  const facts: [string, string][] = [
    ['Order', doc.orderName],
    ['Name', buyerName(doc)],
    ['Delivery', doc.deliveryMethod.name],
  ];
  facts.forEach(([label, value], i) =>
    field(pdf, fonts, label, value, left + i * (width / 3), factsTop, width / 3 - 10),
  );

  // The small print, at the bottom.
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  pdf.text(
    'This ticket admits one person once. Its barcode is scanned at the door and a copy is refused after the ' +
      'first scan, so keep it to yourself and do not post it online. Please arrive in good time; latecomers ' +
      'may be seated at a suitable break.',
    left,
    factsTop + 70,
    { width },
  );
};

/** The tickets of an order as a PDF, a page per ticket, in the order of the document. */
export const renderTicketsPdf = async (doc: OrderDocument, options: RenderOptions = {}): Promise<Buffer> => {
  const codes = await Promise.all(doc.tickets.map((t) => qrPng(t.barcode)));
  const pdf = new PDFDocument({
    size: monthFirst(doc.currencyLocale) ? 'LETTER' : 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    compress: options.compress ?? true,
    info: {
      // pdfkit writes a string with characters beyond ASCII as UTF-16, so these need no cleaning.
      Title: `Tickets - order ${doc.orderName}`,
      Author: 'Foyer box office',
      Subject: doc.events.map((e) => e.name).join(', '),
      CreationDate: doc.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const fonts = documentFonts(pdf, cjkLanguageOfOrder(doc) ?? 'zh');
  doc.tickets.forEach((ticket, i) => {
    pdf.addPage();
    drawTicket(pdf, fonts, doc, ticket, i, codes[i]!);
  });
  pdf.end();
  return done;
};

/** The TicketPdfs port, with pdfkit and bwip-js. */
export const PdfKitTicketPdfs = () =>
  Layer.succeed(TicketPdfs, {
    render: (doc) => Effect.promise(() => renderTicketsPdf(doc)).pipe(Effect.map((b) => new Uint8Array(b))),
  });
