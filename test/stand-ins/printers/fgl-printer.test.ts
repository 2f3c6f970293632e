import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { fglJob, FGL_STATUS_REQUEST } from '../../../adapters/printing/fgl.ts';
import { FGL_STATUS } from '../../../adapters/printing/fgl-status.ts';
import { orderDocumentFactory } from '../../../core/orders/test-factories.ts';
import { designTicket } from '../../../core/printing/ticket-design.ts';
import { extentOf, type Extent } from '../../../core/printing/ticket-layout.ts';
import type { Dpi } from '../../../core/printing/ticket-stock.ts';
import { startFglPrinter, type FglPrinter } from './fgl-printer.ts';
import type { FglItem } from './fgl-parser.ts';
import { connectToPrinter, type PrinterConnection } from './printer-connection.ts';

const OUT = '/tmp/foyer-printers';
const doc = orderDocumentFactory();
const layout = (i: number, dpi: Dpi = 200, extra = {}) =>
  designTicket({ doc, ticket: doc.tickets[i]!, usherMessage: 'Enter by door C', ...extra }, dpi);

const texts = (items: readonly FglItem[]) =>
  items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
const count = (bytes: readonly number[], byte: number) => bytes.filter((b) => b === byte).length;

let printer: FglPrinter | undefined;
let host: PrinterConnection | undefined;
afterEach(async () => {
  await host?.close();
  await printer?.close();
  host = printer = undefined;
});

describe('the FGL ticket printer stand-in', () => {
  it.each([200, 300] as const)(
    'prints encoded tickets at %i dpi, acknowledging each, and draws them',
    async (dpi) => {
      printer = await startFglPrinter({ dpi });
      host = await connectToPrinter(printer.port);
      await host.send(
        fglJob([layout(0, dpi, { stub: true }), layout(2, dpi, { reprint: true, obscurePrice: true })]),
      );
      const [first, second] = await printer.waitForTickets(2);
      await host.waitFor((r) => count(r, FGL_STATUS.ticketAck) === 2);

      expect(printer.errors).toEqual([]);
      expect(texts(first!.items)).toEqual(
        expect.arrayContaining([
          'Hamlet',
          'The Grand Theatre',
          'Stalls',
          'C',
          '12',
          'Adult',
          '$45.50',
          'Order F-104242',
        ]),
      );
      expect(first!.items.filter((i) => i.kind === 'qr').map((i) => i.kind === 'qr' && i.data)).toEqual([
        'FYR7Q2M9K4XW1TB8',
      ]);
      expect(
        first!.items.some((i) => i.kind === 'text' && i.rotation === 'right' && i.text === 'F-104242'),
      ).toBe(true);
      expect(texts(second!.items)).toEqual(expect.arrayContaining(['Winter Crossing', 'REPRINT']));
      expect(texts(second!.items).join(' ')).not.toContain('$50.50');
      expect(printer.tickets.map((t) => t.cut)).toEqual([true, true]);

      const files = await printer.saveTickets(OUT, `ticket-${dpi}`);
      const png = await readFile(files[0]!);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(dpi === 200 ? 1050 : 1575);
    },
  );

  it('cuts a strip of tickets only after the last one', async () => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    await host.send(fglJob([layout(0), layout(1), layout(2)], { strip: true }));
    await printer.waitForTickets(3);
    expect(printer.tickets.map((t) => t.cut)).toEqual([false, false, true]);
  });

  it('answers <S1> with X-ON while ready and says nothing while out of paper', async () => {
    printer = await startFglPrinter({ ticketAck: false });
    host = await connectToPrinter(printer.port);
    await host.send(FGL_STATUS_REQUEST);
    await host.waitFor((r) => r.includes(FGL_STATUS.xOn));
    printer.failAfter('paper-out');
    await host.send(fglJob([layout(0)]));
    await host.waitFor((r) => r.includes(FGL_STATUS.outOfPaper));
    await host.send(FGL_STATUS_REQUEST);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(host.received).toEqual([FGL_STATUS.xOn, FGL_STATUS.outOfPaper]);
  });

  it('runs out of paper mid-job, says so, and prints the rest once stock is loaded', async () => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    printer.failAfter('paper-out', 1);
    await host.send(fglJob([layout(0), layout(1), layout(2)]));
    await host.waitFor((r) => r.includes(FGL_STATUS.outOfPaper));
    expect(printer.tickets).toHaveLength(1);
    expect(printer.held).toBe(2);
    expect(printer.fault).toBe('paper-out');
    expect(host.received).toEqual([FGL_STATUS.ticketAck, FGL_STATUS.outOfPaper]);

    printer.recover();
    await printer.waitForTickets(3);
    await host.waitFor((r) => count(r, FGL_STATUS.ticketAck) === 3);
    expect(host.received).toEqual([
      FGL_STATUS.ticketAck,
      FGL_STATUS.outOfPaper,
      FGL_STATUS.xOn,
      FGL_STATUS.ticketAck,
      FGL_STATUS.ticketAck,
    ]);
    expect(printer.tickets.map((t) => texts(t.items)[0])).toEqual(['Hamlet', 'Hamlet', 'Winter Crossing']);
  });

  it.each([
    ['paper-jam', FGL_STATUS.paperJam],
    ['cutter-jam', FGL_STATUS.cutterJam],
  ] as const)('reports a %s and resumes when it is cleared', async (fault, status) => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    printer.failAfter(fault);
    await host.send(fglJob([layout(0)]));
    await host.waitFor((r) => r.includes(status));
    expect(printer.tickets).toHaveLength(0);
    printer.recover();
    await printer.waitForTickets(1);
    await host.waitFor((r) => r.includes(FGL_STATUS.ticketAck));
    expect(host.received).toEqual([status, FGL_STATUS.xOn, FGL_STATUS.ticketAck]);
  });

  it('rejects a command it does not know, loudly', async () => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    await host.send('<NR><RC10,10><F3>ok<ZZ9><p>');
    await host.waitFor((r) => r.includes(FGL_STATUS.illegalData));
    expect(printer.errors).toEqual(['unknown FGL command <ZZ9>']);
  });

  it('reads commands cut in two by the network', async () => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    const bytes = fglJob([layout(0)]);
    for (let i = 0; i < bytes.length; i += 7) {
      await host.send(bytes.subarray(i, i + 7));
    }
    const [ticket] = await printer.waitForTickets(1);
    expect(printer.errors).toEqual([]);
    expect(ticket!.items.some((i) => i.kind === 'qr' && i.data === 'FYR7Q2M9K4XW1TB8')).toBe(true);
  });
});

/** The share of the pixels of `area` of a rendered ticket that are dark (printed). */
const inkIn = async (png: Buffer, area: Extent): Promise<number> => {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const width = area.right - area.left;
  const height = area.bottom - area.top;
  const { data } = ctx.getImageData(area.left, area.top, width, height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
  return dark / (width * height);
};

describe('a 200 dpi ticket on the 200 dpi printer stand-in', () => {
  // Long names, as a festival and a venue with its hall give them.
  const longDoc = {
    ...doc,
    orderName: 'F-2026-000104242',
    events: doc.events.map((e) => ({
      ...e,
      name: 'The Royal Shakespeare Company presents Hamlet, Prince of Denmark: the Complete Text',
      venueName: 'The Grand Theatre and Concert Hall of the Royal Borough, Main Auditorium',
    })),
  };

  it('prints the QR code, the price and the order number on the stock, and draws them', async () => {
    printer = await startFglPrinter({ dpi: 200 });
    host = await connectToPrinter(printer.port);
    const ticket = designTicket(
      { doc: longDoc, ticket: longDoc.tickets[0]!, usherMessage: 'Enter by door C', stub: true },
      200,
    );
    await host.send(fglJob([ticket]));
    const [printed] = await printer.waitForTickets(1);

    expect(printer.errors).toEqual([]);
    expect(printed!.items.filter((i) => i.kind === 'qr').map((i) => i.kind === 'qr' && i.data)).toEqual([
      'FYR7Q2M9K4XW1TB8',
    ]);
    expect(texts(printed!.items)).toEqual(expect.arrayContaining(['$45.50', 'Order F-2026-000104242']));
    expect(texts(printed!.items).some((t) => t.startsWith('The Royal Shakespeare'))).toBe(true);

    const [file] = await printer.saveTickets(OUT, 'ticket-200-long');
    const png = await readFile(file!);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1050, 384]);
    const drawn = (role: string) =>
      extentOf(
        ticket.marks.find((m) => m.role === role)!,
        200,
      );
    // A QR code is about half dark; text a good deal less, but never blank.
    expect(await inkIn(png, drawn('barcode'))).toBeGreaterThan(0.3);
    expect(await inkIn(png, drawn('order'))).toBeGreaterThan(0.05);
    expect(await inkIn(png, drawn('price'))).toBeGreaterThan(0.05);
  });

  it('shows what went wrong before: a 300 dpi ticket runs off a 200 dpi printer’s stock', async () => {
    printer = await startFglPrinter({ dpi: 200 });
    host = await connectToPrinter(printer.port);
    await host.send(fglJob([designTicket({ doc: longDoc, ticket: longDoc.tickets[0]! }, 300)]));
    await printer.waitForTickets(1);
    expect(printer.errors.some((e) => e.startsWith('qr at row 36, column 1296'))).toBe(true);
    expect(printer.errors.some((e) => e.includes('off the 384 x 1050 stock'))).toBe(true);
    await printer.saveTickets(OUT, 'ticket-300-on-200');
  });
});

describe('the FGL ticket printer stand-in, checking the stock', () => {
  it('reports text that runs past the edge of the ticket', async () => {
    const printer = await startFglPrinter();
    const host = await connectToPrinter(printer.port);
    try {
      await host.send(`<NR><RC360,16><F6><HW1,1>${'W'.repeat(40)}<p>`);
      await printer.waitForTickets(1);
      expect(printer.errors).toEqual([
        'text at row 360, column 16 reaches row 412, column 1216: off the 384 x 1050 stock',
      ]);
    } finally {
      await host.close();
      await printer.close();
    }
  });
});

describe('a Japanese ticket on the printer stand-in', () => {
  // ハムレット at the Tokyo Globe, bought by 山田太郎; the usher line names him, as a box office writes it.
  const jaDoc = orderDocumentFactory({
    buyer: { firstName: '太郎', lastName: '山田', email: 'taro@example.jp' },
    events: doc.events.map((e) => ({
      ...e,
      name: 'ハムレット',
      venueName: '東京グローブ座',
      venueTimeZone: 'Asia/Tokyo',
    })),
    tickets: [{ ...doc.tickets[0]!, section: '1階', priceTypeName: '一般' }],
  });

  it.each([200, 300] as const)(
    'draws the title, the place, the seat and the usher line as graphics at %i dpi, and the rest as text',
    async (dpi) => {
      printer = await startFglPrinter({ dpi });
      host = await connectToPrinter(printer.port);
      const ticket = designTicket(
        { doc: jaDoc, ticket: jaDoc.tickets[0]!, usherMessage: '山田太郎様 車椅子席', stub: true },
        dpi,
      );
      await host.send(fglJob([ticket]));
      const [printed] = await printer.waitForTickets(1);

      expect(printer.errors).toEqual([]);
      expect(texts(printed!.items)).toEqual(
        expect.arrayContaining(['$45.50', 'Order F-104242', '1', 'C', '12']),
      );
      expect(printed!.items.some((i) => i.kind === 'graphic')).toBe(true);
      const [file] = await printer.saveTickets(OUT, `ticket-ja-${dpi}`);
      const png = await readFile(file!);
      const rasters = ticket.marks.filter((m) => m.kind === 'raster');
      expect(rasters.map((m) => [m.role, m.text])).toEqual(
        expect.arrayContaining([
          ['event', 'ハムレット'],
          ['venue', '東京グローブ座'],
          ['seat', '階'], // 1階: the 1 in the font, 階 drawn beside it
          ['price-type', '一般'],
          ['usher', '山田太郎様 車椅子席'],
        ]),
      );
      // Ink where each picture of text is (its characters at their own width, from the left of its box).
      for (const mark of rasters)
        expect(await inkIn(png, extentOf(mark, dpi)), mark.text).toBeGreaterThan(0.04);
      // And the QR code and the price are still drawn.
      expect(
        await inkIn(
          png,
          extentOf(
            ticket.marks.find((m) => m.role === 'barcode')!,
            dpi,
          ),
        ),
      ).toBeGreaterThan(0.3);
    },
  );

  it('reads graphics cut in two by the network', async () => {
    printer = await startFglPrinter();
    host = await connectToPrinter(printer.port);
    const bytes = fglJob([designTicket({ doc: jaDoc, ticket: jaDoc.tickets[0]! }, 200)]);
    for (let i = 0; i < bytes.length; i += 13) await host.send(bytes.subarray(i, i + 13));
    const [ticket] = await printer.waitForTickets(1);
    expect(printer.errors).toEqual([]);
    expect(ticket!.items.filter((i) => i.kind === 'graphic').length).toBeGreaterThan(3);
  });
});
