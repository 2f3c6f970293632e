import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderDocument } from '../order-document.ts';
import { orderEmail, ticketsAttached, ticketsFileName } from './order-email.ts';
import { orderDocumentFactory } from '../test-factories.ts';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
const deliveryTypes = ['PrintAtHome', 'Email', 'Mail', 'PointOfSale'] as const;
const withDelivery = (type: OrderDocument['deliveryMethod']['type'], name: string = type) =>
  orderDocumentFactory({ deliveryMethod: { type, name } });

describe('the order e-mail', () => {
  it('tells the buyer the order number, each event with its time and venue, every seat and the total', () => {
    const message = orderEmail(orderDocumentFactory(), pdf);
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Your order F-104242: Hamlet and 1 more');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('F-104242');
      expect(body).toContain('Hamlet');
      expect(body).toContain('Tuesday, December 1, 2026, 7:30 PM EST');
      expect(body).toContain('The Grand Theatre');
      expect(body).toContain('Winter Crossing');
      expect(body).toContain('Section Stalls, Row C, Seat 12');
      expect(body).toContain('Section Stalls, Row C, Seat 13');
      expect(body).toContain('General admission: Floor');
      expect(body).toContain('$45.50');
      expect(body).toContain('$121.00');
      expect(body).toContain('http://127.0.0.1:3000/checkout/confirmation/4242');
      expect(body).toContain('Visa ending 4242');
    }
    // Hamlet (1 December) before Winter Crossing (5 December).
    expect(message.text.indexOf('Hamlet')).toBeLessThan(message.text.indexOf('Winter Crossing'));
  });

  it('attaches the tickets as a PDF for print at home and e-mail delivery', () => {
    for (const type of ['PrintAtHome', 'Email'] as const) {
      const message = orderEmail(withDelivery(type), pdf);
      expect(message.attachments).toEqual([
        { filename: 'tickets-F-104242.pdf', content: pdf, contentType: 'application/pdf' },
      ]);
      expect(message.text).toContain('attached (tickets-F-104242.pdf)');
    }
  });

  it('attaches nothing when the tickets are posted or collected, and says so', () => {
    const posted = orderEmail(withDelivery('Mail', 'First class post'), pdf);
    expect(posted.attachments).toEqual([]);
    expect(posted.text).toContain('Your tickets will be posted to you');
    expect(posted.text).toContain('Delivery: First class post');
    const collected = orderEmail(withDelivery('PointOfSale', 'Box office collection'), null);
    expect(collected.attachments).toEqual([]);
    expect(collected.text).toContain('collect your tickets at the box office');
    expect(collected.html).toContain('collect your tickets at the box office');
  });

  it("links each performance's tickets on the phone when the buyer brings the tickets", () => {
    const url = 'https://foyer.example/tickets/bundle/' + 'a'.repeat(64);
    for (const type of deliveryTypes) {
      const doc = { ...withDelivery(type), webTicketsUrl: url };
      const message = orderEmail(doc, type === 'Mail' || type === 'PointOfSale' ? null : pdf);
      for (const event of doc.events) {
        const link = `${url}/event/${event.eventId}`;
        const carried = type === 'PrintAtHome' || type === 'Email';
        expect(message.text.includes(`On your phone: ${link}`)).toBe(carried);
        expect(message.html.includes(`href="${link}"`)).toBe(carried);
      }
    }
    expect(orderEmail(withDelivery('Email'), pdf).text).not.toContain('On your phone');
  });

  it('refuses to build a print-at-home e-mail without the tickets', () => {
    expect(() => orderEmail(withDelivery('PrintAtHome'), null)).toThrow(/needs the tickets PDF/);
  });

  it('never puts a barcode in the body: only the attachment carries the tickets', () => {
    const doc = orderDocumentFactory();
    const message = orderEmail(doc, pdf);
    for (const ticket of doc.tickets) {
      expect(message.text).not.toContain(ticket.barcode);
      expect(message.html).not.toContain(ticket.barcode);
    }
  });

  it('attaches a PDF exactly for the delivery methods that carry tickets, when there are tickets (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...deliveryTypes),
        fc.boolean(),
        fc.boolean(),
        (type, havePdf, ticketless) => {
          const doc = ticketless ? { ...withDelivery(type), tickets: [], events: [] } : withDelivery(type);
          const carries = (type === 'PrintAtHome' || type === 'Email') && !ticketless;
          expect(ticketsAttached(doc)).toBe(carries);
          if (carries && !havePdf) return;
          const message = orderEmail(doc, havePdf ? pdf : null);
          expect(message.attachments.length).toBe(carries ? 1 : 0);
          expect(message.text.includes('attached')).toBe(carries);
        },
      ),
    );
  });

  it('an order of only gift certificates says nothing of tickets or their delivery', () => {
    const doc: OrderDocument = {
      ...withDelivery('PrintAtHome', 'Print at home'),
      tickets: [],
      events: [],
      extras: [
        {
          kind: 'GiftCertificate',
          name: 'Gift certificate',
          levelName: null,
          amount: 50,
          recipientName: null,
        },
      ],
    };
    const message = orderEmail(doc, null);
    expect(message.attachments).toEqual([]);
    for (const body of [message.text, message.html]) {
      expect(body).not.toMatch(/Print at home|tickets are attached|barcode/);
      expect(body).toContain('Gift certificate');
    }
  });

  it('escapes what buyers and staff typed in the HTML body (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (eventName, firstName) => {
        const base = orderDocumentFactory();
        const doc = orderDocumentFactory({
          buyer: { ...base.buyer, firstName: `<b>${firstName}` },
          events: base.events.map((e) => ({ ...e, name: `${eventName}<script>x</script>` })),
        });
        const { html, text } = orderEmail(doc, pdf);
        expect(html).not.toContain('<script>');
        expect(html).not.toContain('<b>');
        expect(text).toContain(`${eventName}<script>x</script>`);
      }),
    );
  });

  it('names the PDF after the order number, with nothing a file system would mind', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (orderName) => {
        expect(ticketsFileName(orderDocumentFactory({ orderName }))).toMatch(/^tickets-[A-Za-z0-9_-]*\.pdf$/);
      }),
    );
  });
});
