import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderDocumentFactory, ticketFactory } from '../orders/test-factories.ts';
import { amountOf } from '../orders/ticket-text.ts';
import type { PrintableTicket } from './printable-ticket.ts';
import { ticketText } from './printer-text.ts';
import { designTicket, MAX_BARCODE_LENGTH } from './ticket-design.ts';
import {
  checkTicketFits,
  extentOf,
  TicketOffStockError,
  type Extent,
  type TicketLayout,
  type TicketRole,
} from './ticket-layout.ts';
import { DPIS, ticketStock, type Dpi } from './ticket-stock.ts';

// Short names and very long ones, any script, and printable ASCII (which nothing shortens).
const someText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 400, size: 'max' }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 200, size: 'large' }),
);

// Names as long as a box office gives them: a festival's full title, a venue with its hall.
const longText = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 60, maxLength: 300 }),
  fc
    .array(fc.constantFrom('Royal', 'Festival', 'Hall', 'Grand', 'Théâtre', 'of', 'the', 'Spring'), {
      minLength: 10,
      maxLength: 40,
    })
    .map((words) => words.join(' ')),
);

const printableWith = (names: fc.Arbitrary<string>) =>
  fc
    .record({
      name: names,
      venue: names,
      section: fc.option(someText),
      row: fc.option(someText),
      seat: fc.option(someText),
      isGa: fc.boolean(),
      priceType: someText,
      amount: fc.integer({ min: 0, max: 99_999_999 }),
      barcode: fc.stringMatching(new RegExp(`^[A-Z0-9]{1,${MAX_BARCODE_LENGTH}}$`)),
      orderName: someText,
      locale: fc.constantFrom('en-us', 'en-gb', 'fr-fr', 'de-de'),
      obscurePrice: fc.boolean(),
      reprint: fc.boolean(),
      usherMessage: fc.option(someText),
      stub: fc.boolean(),
    })
    .map((r): PrintableTicket => {
      const ticket = ticketFactory({
        section: r.section,
        row: r.row,
        seat: r.seat,
        isGa: r.isGa,
        priceTypeName: r.priceType,
        amount: r.amount,
        barcode: r.barcode,
      });
      const base = orderDocumentFactory();
      return {
        doc: {
          ...base,
          orderName: r.orderName,
          currencyLocale: r.locale,
          events: base.events.map((e) =>
            e.eventId === ticket.eventId ? { ...e, name: r.name, venueName: r.venue } : e,
          ),
          tickets: [ticket],
        },
        ticket,
        obscurePrice: r.obscurePrice,
        reprint: r.reprint,
        usherMessage: r.usherMessage,
        stub: r.stub,
      };
    });

const printable = printableWith(someText);

const overlaps = (a: Extent, b: Extent) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const texts = (layout: TicketLayout) => layout.marks.flatMap((m) => (m.kind === 'text' ? [m] : []));

describe('the ticket design', () => {
  it.each(DPIS)(
    'draws nothing outside the stock at %i dpi, whatever the lengths of the texts',
    (dpi: Dpi) => {
      fc.assert(
        fc.property(printable, (input) => {
          const layout = designTicket(input, dpi);
          for (const mark of layout.marks) {
            const e = extentOf(mark, dpi);
            expect(e.top, JSON.stringify(mark)).toBeGreaterThanOrEqual(0);
            expect(e.left, JSON.stringify(mark)).toBeGreaterThanOrEqual(0);
            expect(e.bottom, JSON.stringify(mark)).toBeLessThanOrEqual(layout.stock.rows);
            expect(e.right, JSON.stringify(mark)).toBeLessThanOrEqual(layout.stock.columns);
          }
        }),
        { numRuns: 300 },
      );
    },
  );

  it.each(DPIS)('never lets two marks touch at %i dpi (the REPRINT label sits in its box)', (dpi: Dpi) => {
    fc.assert(
      fc.property(printable, (input) => {
        const marks = designTicket(input, dpi).marks;
        marks.forEach((a, i) =>
          marks.slice(i + 1).forEach((b) => {
            if (a.role === 'reprint' && b.role === 'reprint') return;
            expect(
              overlaps(extentOf(a, dpi), extentOf(b, dpi)),
              `${JSON.stringify(a)} / ${JSON.stringify(b)}`,
            ).toBe(false);
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('prints only printable ASCII, and never a command bracket', () => {
    fc.assert(
      fc.property(printable, fc.constantFrom<Dpi>(200, 300), (input, dpi) => {
        for (const t of texts(designTicket(input, dpi))) expect(t.text).toMatch(/^[\x20-\x3b=\x3f-\x7a|~]*$/);
      }),
    );
  });

  it('leaves the price out everywhere when the box office obscures it, and shows it otherwise', () => {
    fc.assert(
      fc.property(printable, fc.constantFrom<Dpi>(200, 300), (input, dpi) => {
        const layout = designTicket(input, dpi);
        const price = ticketText(amountOf(input.doc, input.ticket.amount));
        const priced = layout.marks.filter((m) => m.role === 'price');
        if (input.obscurePrice) {
          expect(priced).toEqual([]);
          for (const t of texts(layout)) expect(t.text).not.toContain(price);
        } else {
          expect(priced.length).toBe(input.stub ? 2 : 1);
          for (const m of priced) expect(m.kind === 'text' && m.text).toBe(price);
        }
      }),
    );
  });

  it('carries the barcode in the QR code, REPRINT only on a reprint, a stub only when asked', () => {
    fc.assert(
      fc.property(printable, fc.constantFrom<Dpi>(200, 300), (input, dpi) => {
        const layout = designTicket(input, dpi);
        expect(layout.marks.filter((m) => m.kind === 'qr').map((m) => m.kind === 'qr' && m.data)).toEqual([
          input.ticket.barcode,
        ]);
        expect(texts(layout).some((t) => t.role === 'reprint' && t.text === 'REPRINT')).toBe(
          input.reprint === true,
        );
        expect(layout.marks.some((m) => m.role === 'stub')).toBe(input.stub === true);
      }),
    );
  });

  it.each(DPIS)(
    'keeps the QR code, the price, the order number and the seat on the stock at %i dpi, with long names',
    (dpi: Dpi) => {
      const stock = ticketStock(dpi);
      const on = (role: TicketRole, layout: TicketLayout) => {
        const marks = layout.marks.filter((m) => m.role === role);
        expect(marks.length, role).toBeGreaterThan(0);
        for (const mark of marks) {
          const e = extentOf(mark, dpi);
          expect(e.top >= 0 && e.left >= 0, `${role} ${JSON.stringify(e)}`).toBe(true);
          expect(e.bottom <= stock.rows && e.right <= stock.columns, `${role} ${JSON.stringify(e)}`).toBe(
            true,
          );
        }
      };
      fc.assert(
        fc.property(fc.oneof(printableWith(longText), printable), (input) => {
          const layout = designTicket(input, dpi);
          expect(layout.stock).toEqual(stock);
          expect(() => checkTicketFits(layout)).not.toThrow();
          on('barcode', layout);
          on('order', layout);
          if (!input.obscurePrice) on('price', layout);
          const { ticket } = input;
          const seats = ticket.isGa
            ? [ticket.section ?? ticket.key]
            : [ticket.section ?? '-', ticket.row ?? '-', ticket.seat ?? ticket.key];
          if (seats.some((v) => ticketText(v) !== '')) on('seat', layout);
          const order = texts(layout).find((t) => t.role === 'order')!;
          expect(order.text.startsWith('Order ')).toBe(true);
        }),
        { numRuns: 300 },
      );
    },
  );

  it('refuses, with a typed error, a layout that leaves its stock: a 300 dpi ticket on 200 dpi stock', () => {
    const doc = orderDocumentFactory();
    const at300 = designTicket({ doc, ticket: doc.tickets[0]! }, 300);
    expect(checkTicketFits(at300)).toBe(at300);
    // The ticket a 200 dpi printer was sent before this fix: its QR code past the 1050th column.
    const onSmallerStock: TicketLayout = { ...at300, stock: ticketStock(200) };
    let refused: unknown;
    try {
      checkTicketFits(onSmallerStock);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TicketOffStockError);
    const error = refused as TicketOffStockError;
    expect(error.stock).toEqual(ticketStock(200));
    expect(onSmallerStock.marks).toContain(error.mark);
    expect(error.message).toMatch(
      /^The ticket does not fit its 384 x 1050 dot stock \(200 dpi\): its .+ reaches row \d+, column \d+\. Nothing was printed\.$/,
    );
    const qr = at300.marks.find((m) => m.kind === 'qr')!;
    expect(() => checkTicketFits({ stock: ticketStock(200), marks: [qr] })).toThrow(
      /its QR code reaches row \d+, column \d+/,
    );
  });

  it('lays out the sample ticket as designed', () => {
    const doc = orderDocumentFactory();
    const layout = designTicket({ doc, ticket: doc.tickets[0]!, usherMessage: 'Enter by door C' }, 200);
    const byRole = (role: string) =>
      texts(layout)
        .filter((t) => t.role === role)
        .map((t) => t.text);
    expect(byRole('event')).toEqual(['Hamlet']);
    expect(byRole('venue')).toEqual(['The Grand Theatre']);
    expect(byRole('date')).toEqual(['Tuesday, December 1, 2026, 7:30 PM EST']);
    expect(byRole('seat')).toEqual(['Stalls', 'C', '12']);
    expect(byRole('price-type')).toEqual(['Adult']);
    expect(byRole('price')).toEqual(['$45.50']);
    expect(byRole('order')).toEqual(['Order F-104242']);
    expect(byRole('usher')).toEqual(['Enter by door C']);
    expect(byRole('barcode-text')).toEqual(['FYR7Q2M9K4XW1TB8']);
  });

  it('refuses a barcode the printer could not carry', () => {
    const doc = orderDocumentFactory();
    const ticket = { ...doc.tickets[0]!, barcode: 'A<B' };
    expect(() => designTicket({ doc, ticket }, 200)).toThrow(RangeError);
  });
});

// Titles and places as a Japanese, Korean or Chinese box office writes them, long ones included.
const cjkNames = fc.string({
  unit: fc.constantFrom(...'ハムレット山田太郎김민준햄릿张伟東京グローブ座一般 1階A-9'.split('')),
  minLength: 1,
  maxLength: 80,
});

describe('a ticket with text the printer’s fonts lack', () => {
  it.each(DPIS)(
    'draws it as raster marks in the room the text would take, on the stock and touching nothing, at %i dpi',
    (dpi: Dpi) => {
      fc.assert(
        fc.property(printableWith(cjkNames), (input) => {
          const layout = designTicket(input, dpi);
          expect(() => checkTicketFits(layout)).not.toThrow();
          layout.marks.forEach((a, i) =>
            layout.marks.slice(i + 1).forEach((b) => {
              if (a.role === 'reprint' && b.role === 'reprint') return;
              expect(
                overlaps(extentOf(a, dpi), extentOf(b, dpi)),
                `${JSON.stringify(a)} / ${JSON.stringify(b)}`,
              ).toBe(false);
            }),
          );
          for (const t of texts(layout)) expect(t.text).toMatch(/^[\x20-\x3b=\x3f-\x7a|~]*$/);
          const rasters = layout.marks.flatMap((m) => (m.kind === 'raster' ? [m] : []));
          const event = input.doc.events.find((e) => e.eventId === input.ticket.eventId)!;
          for (const r of rasters) {
            expect(r.text).toMatch(/^[^\x20-\x7e](?:[^\x21-\x7e]*[^\x20-\x7e])?$/);
            // Kana make the order Japanese, and its Han characters take Japanese forms.
            if (/[\u3041-\u30ff]/.test(event.name + event.venueName)) expect(r.hanAs).toBe('ja');
          }
          // The title's CJK is drawn, not lost to '?'.
          if (/[^\x20-\x7e]/.test(event.name)) expect(rasters.some((r) => r.role === 'event')).toBe(true);
        }),
        { numRuns: 150 },
      );
    },
  );

  it('lays out ハムレット in the title’s font, 1階 as the 1 in the font and 階 drawn beside it', () => {
    const doc = orderDocumentFactory({
      events: orderDocumentFactory().events.map((e) => ({
        ...e,
        name: 'ハムレット',
        venueTimeZone: 'Asia/Tokyo',
      })),
    });
    const layout = designTicket({ doc, ticket: { ...doc.tickets[0]!, section: '1階' } }, 200);
    const event = layout.marks.filter((m) => m.role === 'event');
    // Font 6 (30 x 52 dots a cell at 200 dpi): five wide characters, ten cells.
    expect(event).toEqual([
      {
        kind: 'raster',
        role: 'event',
        row: 16,
        column: 16,
        cell: 30,
        height: 52,
        rotation: 'none',
        text: 'ハムレット',
        hanAs: 'ja',
      },
    ]);
    expect(extentOf(event[0]!, 200)).toEqual({ top: 16, left: 16, bottom: 68, right: 316 });
    const seat = layout.marks.filter((m) => m.role === 'seat');
    expect(
      seat.map((m) => [m.kind, m.kind === 'box' || m.kind === 'line' || m.kind === 'qr' ? '' : m.text]),
    ).toEqual([
      ['text', '1'],
      ['raster', '階'],
      ['text', 'C'],
      ['text', '12'],
    ]);
    expect(extentOf(seat[1]!, 200).left).toBe(extentOf(seat[0]!, 200).right);
  });
});
