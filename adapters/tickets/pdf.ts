import bwipjs from 'bwip-js/node';
import { Effect, Layer } from 'effect';
import PDFDocument from 'pdfkit';
import type { OrderDocument, OrderDocumentTicket } from '../../core/orders/order-document.ts';
import { TicketPdfs } from '../../core/orders/ports.ts';
import { amountOf, buyerName, eventOf, monthFirst, performanceTime } from '../../core/orders/ticket-text.ts';
import { pdfText } from './pdf-text.ts';

// Print-at-home tickets: one page per ticket (Letter where the venue's country prints on Letter,
// A4 elsewhere), the ticket itself in a framed panel at the top so it can be folded or cut out,
// the QR code of its barcode with the barcode's text under it for a scanner that fails.

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
  let cut = text;
  while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: min };
};

/** A label over its value, the way section, row and seat stand on a real ticket; one line each. */
const field = (
  pdf: PDFKit.PDFDocument,
  label: string,
  value: string,
  x: number,
  y: number,
  width: number,
) => {
  pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
  pdf.text(pdfText(label.toUpperCase()), x, y, { width, characterSpacing: 0.8, lineBreak: false });
  pdf.font('Helvetica-Bold').fillColor(INK);
  const fit = fitted(pdf, pdfText(value), width, 18, 10);
  pdf.fontSize(fit.size).text(fit.text, x, y + 12 + (18 - fit.size) / 2, { lineBreak: false });
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
  pdf.font('Helvetica').text(pdfText(`Ticket ${index + 1} of ${doc.tickets.length}`), left, top + 10, {
    width: width - 14,
    align: 'right',
  });

  // The ticket panel.
  const panelTop = top + 30;
  const panelHeight = 280;
  pdf.lineWidth(1).strokeColor(RULE).rect(left, panelTop, width, panelHeight).stroke();
  const textWidth = width - QR_SIZE - 3 * 20;
  let y = panelTop + 20;
  pdf
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(INK)
    .text(pdfText(event.name), left + 20, y, {
      width: textWidth,
      height: 60,
      ellipsis: true,
    });
  y = pdf.y + 6;
  pdf.font('Helvetica').fontSize(13).fillColor(INK);
  pdf.text(pdfText(performanceTime(event, doc.currencyLocale)), left + 20, y, { width: textWidth });
  pdf.fillColor(MUTED).text(pdfText(event.venueName), left + 20, pdf.y + 2, { width: textWidth });

  y = Math.max(pdf.y + 22, panelTop + 130);
  let x = left + 20;
  for (const [label, value, share] of seatFields(ticket)) {
    field(pdf, label, value, x, y, textWidth * share - 10);
    x += textWidth * share;
  }
  y += 50;
  pdf
    .moveTo(left + 20, y)
    .lineTo(left + 20 + textWidth, y)
    .strokeColor(RULE)
    .stroke();
  y += 12;
  field(pdf, 'Ticket', ticket.priceTypeName, left + 20, y, textWidth * 0.6 - 10);
  field(pdf, 'Price', amountOf(doc, ticket.amount), left + 20 + textWidth * 0.6, y, textWidth * 0.4);
  y += 50;
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED);
  pdf.text(pdfText(ticket.priceLevelName), left + 20, y, { width: textWidth });

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
    field(pdf, label, value, left + i * (width / 3), factsTop, width / 3 - 10),
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
      Title: pdfText(`Tickets - order ${doc.orderName}`),
      Author: 'Foyer box office',
      Subject: pdfText(doc.events.map((e) => e.name).join(', ')),
      CreationDate: doc.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  doc.tickets.forEach((ticket, i) => {
    pdf.addPage();
    drawTicket(pdf, doc, ticket, i, codes[i]!);
  });
  pdf.end();
  return done;
};

/** The TicketPdfs port, with pdfkit and bwip-js. */
export const PdfKitTicketPdfs = () =>
  Layer.succeed(TicketPdfs, {
    render: (doc) => Effect.promise(() => renderTicketsPdf(doc)).pipe(Effect.map((b) => new Uint8Array(b))),
  });
