import { Effect, Layer } from 'effect';
import PDFDocument from 'pdfkit';
import { TicketPdfs } from '../../../core/orders/ports.ts';
import type { OrderDocument } from '../../../core/orders/order-document.ts';

// A plain stand-in for the ticket PDF: one page per ticket with the event, seat and barcode text.
// The real renderer (QR codes, layout) is adapters/tickets/pdf.ts, built by the mail capability;
// the composition root uses that one when it is there.

export const renderPlainTicketsPdf = (doc: OrderDocument): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Tickets ${doc.orderName}` } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
    const events = new Map(doc.events.map((e) => [e.eventId, e]));
    doc.tickets.forEach((ticket, i) => {
      if (i > 0) pdf.addPage();
      const event = events.get(ticket.eventId);
      pdf.fontSize(20).text(event?.name ?? 'Ticket');
      pdf.fontSize(12).text(`${event?.venueName ?? ''}  ${event?.localDate.replace('T', ' ') ?? ''}`);
      pdf.moveDown();
      pdf.text(
        ticket.isGa
          ? `General admission: ${ticket.section ?? ticket.key}`
          : `Section ${ticket.section ?? ''}  Row ${ticket.row ?? ''}  Seat ${ticket.seat ?? ''}`,
      );
      pdf.text(`${ticket.priceLevelName} / ${ticket.priceTypeName}`);
      pdf.moveDown();
      pdf.fontSize(14).text(`Barcode: ${ticket.barcode}`);
      pdf.fontSize(10).text(`Order ${doc.orderName} - ${doc.buyer.firstName} ${doc.buyer.lastName}`);
    });
    if (doc.tickets.length === 0) pdf.text(`Order ${doc.orderName}`);
    pdf.end();
  });

export const PlainTicketPdfs = () =>
  Layer.succeed(
    TicketPdfs,
    TicketPdfs.of({ render: (doc) => Effect.promise(() => renderPlainTicketsPdf(doc)) }),
  );
