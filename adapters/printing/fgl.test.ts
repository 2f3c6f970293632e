import { describe, expect, it } from 'vitest';
import { orderDocumentFactory } from '../../core/orders/test-factories.ts';
import { designTicket } from '../../core/printing/ticket-design.ts';
import { TicketOffStockError, type TicketLayout } from '../../core/printing/ticket-layout.ts';
import { ticketStock } from '../../core/printing/ticket-stock.ts';
import { FGL_STATUS_REQUEST, fglCode128, fglJob, fglTicket } from './fgl.ts';
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
