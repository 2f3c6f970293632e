import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderDocumentFactory } from '../../core/orders/test-factories.ts';
import { designTicket } from '../../core/printing/ticket-design.ts';
import {
  extentOf,
  TicketOffStockError,
  type Extent,
  type Rotation,
  type TicketLayout,
  type TicketRaster,
  type TicketText,
} from '../../core/printing/ticket-layout.ts';
import { ticketStock } from '../../core/printing/ticket-stock.ts';
import { FglParser } from '../../test/stand-ins/printers/fgl-parser.ts';
import { FGL_STATUS_REQUEST, fglCode128, fglJob, fglTicket, GRAPHIC_BYTES } from './fgl.ts';
import { FGL_FAULTS, FGL_STATUS, fglStatusOf } from './fgl-status.ts';

// Checked against the FGL command reference: <RCrow,column>, <Fn>, <HWh,w>, <NR>/<RR>/<RL>,
// <LTn><BXh,w>, <HXn>/<VXn>, <QRsize,tilde,mode,ecc>{data}, <p> cut and <q> no cut.

const known: TicketLayout = {
  stock: ticketStock(200),
  marks: [
    {
      kind: 'text',
      role: 'event',
      row: 16,
      column: 16,
      font: 6,
      tall: 1,
      wide: 1,
      rotation: 'none',
      text: 'Hamlet',
    },
    {
      kind: 'text',
      role: 'venue',
      row: 74,
      column: 16,
      font: 3,
      tall: 2,
      wide: 1,
      rotation: 'none',
      text: 'Grand',
    },
    { kind: 'line', role: 'rule', row: 140, column: 16, direction: 'horizontal', length: 500, thickness: 2 },
    { kind: 'line', role: 'rule', row: 16, column: 788, direction: 'vertical', length: 352, thickness: 1 },
    { kind: 'box', role: 'reprint', row: 320, column: 600, height: 43, width: 170, thickness: 2 },
    {
      kind: 'qr',
      role: 'barcode',
      row: 24,
      column: 600,
      pointSize: 6,
      modules: 25,
      data: 'FYR7Q2M9K4XW1TB8',
    },
    {
      kind: 'text',
      role: 'stub',
      row: 16,
      column: 1024,
      font: 2,
      tall: 1,
      wide: 1,
      rotation: 'right',
      text: 'F-1',
    },
    {
      kind: 'text',
      role: 'stub',
      row: 100,
      column: 1024,
      font: 2,
      tall: 1,
      wide: 1,
      rotation: 'right',
      text: 'X',
    },
    {
      kind: 'text',
      role: 'stub',
      row: 200,
      column: 1000,
      font: 9,
      tall: 1,
      wide: 2,
      rotation: 'left',
      text: 'Y',
    },
  ],
};

describe('the FGL encoder', () => {
  it('writes a known layout as the exact commands of the reference', () => {
    expect(fglTicket(known)).toBe(
      '<NR>' +
        '<RC16,16><F6><HW1,1>Hamlet' +
        '<RC74,16><F3><HW2,1>Grand' +
        '<RC140,16><LT2><HX500>' +
        '<RC16,788><LT1><VX352>' +
        '<RC320,600><LT2><BX43,170>' +
        '<RC24,600><QR6,0,0,0>{FYR7Q2M9K4XW1TB8}' +
        '<RR><RC16,1024><F2><HW1,1>F-1' +
        '<RC100,1024><F2><HW1,1>X' +
        '<RL><RC200,1000><F9><HW1,2>Y' +
        '<p>',
    );
  });

  it('cuts each ticket of a job, or only the last of a strip', () => {
    const one = { stock: known.stock, marks: known.marks.slice(0, 1) };
    expect(fglJob([one, one]).toString('latin1')).toBe('<NR><RC16,16><F6><HW1,1>Hamlet<p>'.repeat(2));
    expect(fglJob([one, one], { strip: true }).toString('latin1')).toBe(
      '<NR><RC16,16><F6><HW1,1>Hamlet<q><NR><RC16,16><F6><HW1,1>Hamlet<p>',
    );
  });

  it('writes Code 128 between carets and asks for status with <S1>', () => {
    expect(fglCode128(40, 820, 'FYR7Q2')).toBe('<RC40,820><X2><OL8>^FYR7Q2^');
    expect(FGL_STATUS_REQUEST).toBe('<S1>');
    expect(() => fglCode128(0, 0, 'a^b')).toThrow(RangeError);
  });

  it('refuses text that would read as a command', () => {
    const bad: TicketLayout = { stock: known.stock, marks: [{ ...known.marks[0]!, text: 'a<p>b' } as never] };
    expect(() => fglTicket(bad)).toThrow(RangeError);
  });

  it('encodes the designed ticket starting unrotated and ending with a cut', () => {
    const doc = orderDocumentFactory();
    const fgl = fglTicket(designTicket({ doc, ticket: doc.tickets[0]!, stub: true, reprint: true }, 300));
    expect(fgl.startsWith('<NR><RC24,24><F6><HW1,1>Hamlet')).toBe(true);
    expect(fgl).toContain('<QR');
    expect(fgl).toContain('{FYR7Q2M9K4XW1TB8}');
    expect(fgl).toContain('<RR>');
    expect(fgl).toContain('REPRINT');
    expect(fgl.endsWith('<p>')).toBe(true);
  });

  it.each([
    [200, 384, 1050],
    [300, 576, 1575],
  ] as const)(
    'encodes a %i dpi ticket with every position on its %i x %i stock, its QR code and order number included',
    (dpi, rows, columns) => {
      const doc = orderDocumentFactory();
      const fgl = fglTicket(
        designTicket({ doc, ticket: doc.tickets[0]!, stub: true, usherMessage: 'Enter by door C' }, dpi),
      );
      const positions = [...fgl.matchAll(/<RC(\d+),(\d+)>/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(positions.length).toBeGreaterThan(10);
      for (const [row, column] of positions) {
        expect(row).toBeLessThan(rows);
        expect(column).toBeLessThan(columns);
      }
      expect(fgl).toMatch(/<RC\d+,\d+><QR\d+,0,0,0>\{FYR7Q2M9K4XW1TB8\}/);
      expect(fgl).toMatch(/<RC\d+,\d+><F9><HW1,1>Order F-104242/);
    },
  );

  it('refuses a layout with a mark past the edge of its stock rather than let the printer clip it', () => {
    const doc = orderDocumentFactory();
    const at300 = designTicket({ doc, ticket: doc.tickets[0]! }, 300);
    // Laid out for 300 dpi, said to be for 200 dpi stock: what the 200 dpi printer lost.
    expect(() => fglTicket({ ...at300, stock: ticketStock(200) })).toThrow(TicketOffStockError);
    const qr = known.marks.find((m) => m.kind === 'qr')!;
    const pastTheEnd: TicketLayout = { stock: known.stock, marks: [{ ...qr, column: 1000 }] };
    expect(() => fglTicket(pastTheEnd)).toThrow(
      'The ticket does not fit its 384 x 1050 dot stock (200 dpi): its QR code reaches row 174, column 1150. Nothing was printed.',
    );
    expect(() => fglJob([known, pastTheEnd])).toThrow(TicketOffStockError);
  });

  it('names the status bytes of a Boca printer', () => {
    expect(fglStatusOf(0x06)).toBe('ticketAck');
    expect(fglStatusOf(0x10)).toBe('outOfPaper');
    expect(fglStatusOf(0x11)).toBe('xOn');
    expect(fglStatusOf(0x18)).toBe('paperJam');
    expect(fglStatusOf(0x1d)).toBe('cutterJam');
    expect(fglStatusOf(0x41)).toBeUndefined();
    expect(FGL_STATUS.illegalData).toBe(0x19);
    expect([...FGL_FAULTS].sort()).toEqual(['cutterJam', 'outOfPaper', 'paperJam', 'powerUpProblem']);
  });
});

/** The dots the graphics of an FGL ticket ink, as the printer reads them (row, column). */
const inkedDots = (fgl: string): [number, number][] => {
  const parser = new FglParser();
  const dots: [number, number][] = [];
  for (const event of parser.push(Buffer.from(fgl, 'latin1'))) {
    if (event.kind === 'error') throw new Error(event.message);
    if (event.kind !== 'item' || event.item.kind !== 'graphic') continue;
    const { row, column, bytes } = event.item;
    expect(bytes.length).toBeLessThanOrEqual(GRAPHIC_BYTES);
    bytes.forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit)) dots.push([row + bit, column + i]);
    });
  }
  return dots;
};

const inside = ([row, column]: [number, number], e: Extent) =>
  row >= e.top && row < e.bottom && column >= e.left && column < e.right;

const raster = (over: Partial<TicketRaster> = {}): TicketRaster => ({
  kind: 'raster',
  role: 'event',
  row: 16,
  column: 16,
  cell: 30,
  height: 52,
  rotation: 'none',
  text: 'ハムレット',
  hanAs: 'ja',
  ...over,
});

describe('the FGL encoder, for text the printer’s fonts lack', () => {
  it('sends a Latin ticket as it always was: text, no graphics, printable ASCII', () => {
    const doc = orderDocumentFactory();
    for (const dpi of [200, 300] as const) {
      const fgl = fglTicket(
        designTicket({ doc, ticket: doc.tickets[0]!, stub: true, usherMessage: 'Door C' }, dpi),
      );
      expect(fgl).toMatch(/^[\x20-\x7e]*$/);
      expect(fgl).not.toContain('<G');
    }
  });

  it('draws a CJK run as graphics inside its box, the Latin around it as text', () => {
    const layout: TicketLayout = {
      stock: ticketStock(200),
      marks: [
        raster(),
        { ...(known.marks[1] as TicketText), row: 80, text: 'Row C' },
        raster({ role: 'seat', row: 80, column: 101, cell: 17, height: 31, text: '階' }),
      ],
    };
    const fgl = fglTicket(layout);
    // Strips of 8 rows from the box's top (blank ones left out), 100 columns a command at most.
    expect(fgl).toMatch(/^<NR><RC(16|24|32),(16|116|216)><G100>/);
    expect(fgl).toMatch(/<RC80,16><F3><HW2,1>Row C<RC(80|88),101><G34>/);
    const dots = inkedDots(fgl);
    for (const mark of [layout.marks[0]!, layout.marks[2]!]) {
      const box = extentOf(mark, 200);
      const mine = dots.filter((d) => inside(d, box));
      // ハムレット's strokes ink a tenth of its box or so; nothing of it is outside.
      expect(mine.length / ((box.bottom - box.top) * (box.right - box.left))).toBeGreaterThan(0.04);
    }
    const boxes = [extentOf(layout.marks[0]!, 200), extentOf(layout.marks[2]!, 200)];
    expect(dots.filter((d) => !boxes.some((b) => inside(d, b)))).toEqual([]);
  });

  it('turns a rotated run itself and sends graphics unrotated, rotating back for the text after it', () => {
    const turned = raster({
      role: 'stub',
      row: 16,
      column: 1000,
      cell: 13,
      height: 20,
      rotation: 'right',
      text: '山田太郎',
    });
    const layout: TicketLayout = {
      stock: ticketStock(200),
      marks: [
        { ...(known.marks[6] as TicketText), row: 200 },
        turned,
        { ...(known.marks[6] as TicketText), row: 300 },
      ],
    };
    const fgl = fglTicket(layout);
    expect(fgl).toMatch(
      /^<NR><RR><RC200,1024><F2><HW1,1>F-1<NR><RC\d+,\d+><G\d+>[\s\S]*<RR><RC300,1024><F2><HW1,1>F-1<p>$/,
    );
    const box = extentOf(turned, 200);
    expect(box).toEqual({ top: 16, left: 1000, bottom: 16 + 8 * 13, right: 1020 });
    const dots = inkedDots(fgl);
    expect(dots.length).toBeGreaterThan(100);
    expect(dots.filter((d) => !inside(d, box))).toEqual([]);
  });

  it('keeps every dot of any run inside its box and every strip on the stock, at either dpi', () => {
    const alphabet = fc.constantFrom(
      ...'ハムレット山田太郎김민준햄릿张伟東京グローブ座一般階Чехов '.split(''),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(200 as const, 300 as const),
        fc
          .string({ unit: alphabet, minLength: 1, maxLength: 12 })
          .map((t) => t.trim())
          .filter((t) => t !== ''),
        fc.constantFrom<Rotation>('none', 'right', 'left'),
        fc.integer({ min: 7, max: 46 }),
        fc.integer({ min: 10, max: 91 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (dpi, text, rotation, cell, height, down, along) => {
          const stock = ticketStock(dpi);
          const mark = raster({ text, rotation, cell, height, row: 0, column: 0 });
          const size = extentOf(mark, dpi);
          fc.pre(size.bottom <= stock.rows && size.right <= stock.columns);
          const placed = raster({
            text,
            rotation,
            cell,
            height,
            row: Math.floor(down * (stock.rows - size.bottom)),
            column: Math.floor(along * (stock.columns - size.right)),
          });
          const fgl = fglTicket({ stock, marks: [placed] });
          const box = extentOf(placed, dpi);
          expect(inkedDots(fgl).filter((d) => !inside(d, box))).toEqual([]);
          for (const m of fgl.matchAll(/<RC(\d+),(\d+)><G(\d+)>/g)) {
            expect(Number(m[1]) + 8).toBeLessThanOrEqual(stock.rows);
            expect(Number(m[2]) + Number(m[3])).toBeLessThanOrEqual(stock.columns);
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
