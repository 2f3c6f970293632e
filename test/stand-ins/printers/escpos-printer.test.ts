import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { escposDrawerKick, escposReceipt } from '../../../adapters/printing/escpos.ts';
import { escposStatusOf, escposStatusRequest } from '../../../adapters/printing/escpos-status.ts';
import { orderDocumentFactory } from '../../../core/orders/test-factories.ts';
import {
  designRefundReceipt,
  designSaleReceipt,
  designSignaturePage,
} from '../../../core/printing/receipt-design.ts';
import type { ReceiptHeader } from '../../../core/printing/receipt-input.ts';
import { startEscposPrinter, type EscposPrinter } from './escpos-printer.ts';
import { connectToPrinter, type PrinterConnection } from './printer-connection.ts';

const OUT = '/tmp/foyer-printers';
const doc = orderDocumentFactory({ currencyLocale: 'en-gb', currency: 'GBP' });
const header: ReceiptHeader = {
  name: 'The Grand Théâtre',
  lines: ['1 Strand, London WC2'],
  timeZone: 'Europe/London',
  printedAt: new Date('2026-11-26T15:00:00Z'),
  cashier: 'Sam',
};
const sale = designSaleReceipt({
  doc,
  header,
  payments: [
    { method: 'card', amount: 10000, cardBrand: 'Visa', last4: '4242' },
    { method: 'cash', amount: 5000 },
  ],
});

let printer: EscposPrinter | undefined;
let host: PrinterConnection | undefined;
afterEach(async () => {
  await host?.close();
  await printer?.close();
  host = printer = undefined;
});

/** The share of the pixels of `area` of a rendered receipt that are dark (printed). */
const inkIn = async (
  png: Buffer,
  area: { top: number; left: number; bottom: number; right: number },
): Promise<number> => {
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

const ask = async (n: 1 | 2 | 3 | 4) => {
  const before = host!.received.length;
  await host!.send(escposStatusRequest(n));
  const answer = await host!.waitFor((r) => r.length > before);
  return escposStatusOf(n, answer[before]!);
};

describe('the ESC/POS receipt printer stand-in', () => {
  it('prints a sale receipt line for line, kicks the drawer for cash and cuts', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    await host.send(escposReceipt(sale));
    const [receipt] = await printer.waitForReceipts(1);

    expect(printer.errors).toEqual([]);
    const printed = receipt!.lines.map((l) => l.text);
    // Every line of the layout, in order (after the blank line the encoder feeds after the drawer kick).
    expect(printed[0]).toBe('');
    expect(printed.slice(1, 1 + sale.lines.length)).toEqual(sale.lines.map((l) => l.text));
    expect(printed).toContain('   The Grand Théâtre');
    expect(printed).toContain(`CHANGE DUE${' '.repeat(8)}£29.00`);
    expect(receipt!.lines.find((l) => l.text.startsWith('TOTAL'))).toMatchObject({
      bold: true,
      width: 2,
      height: 2,
    });
    expect(receipt!.qrCodes).toEqual(['F-104242']);
    expect(receipt!.partialCut).toBe(true);
    expect(receipt!.drawerKicks).toBe(1);
    expect(printer.drawerKicks).toBe(1);

    const files = await printer.saveReceipts(OUT, 'receipt-sale');
    expect((await readFile(files[0]!)).readUInt32BE(16)).toBe(576);
  });

  it('prints refunds and signature pages, kicking the drawer only for cash', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    const refund = designRefundReceipt({
      doc,
      header,
      ticketIds: [9001],
      refunds: [{ method: 'card', amount: 4550, cardBrand: 'Visa', last4: '4242' }],
    });
    const signature = designSignaturePage({
      doc,
      header,
      payment: { method: 'card', amount: 12100, cardBrand: 'Visa', last4: '4242', authCode: 'A1B2C3' },
      copy: 'merchant',
    });
    await host.send(escposReceipt(refund));
    await host.send(escposReceipt(signature));
    await host.send(escposDrawerKick());
    const [r, s] = await printer.waitForReceipts(2);
    expect(r!.lines.map((l) => l.text)).toContain(`REFUND${' '.repeat(11)}-£45.50`);
    expect(s!.lines.map((l) => l.text)).toContain(`X${'_'.repeat(46)}`);
    expect(s!.qrCodes).toEqual([]);
    expect([r!.drawerKicks, s!.drawerKicks]).toEqual([0, 0]);
    await host.waitFor(() => printer!.drawerKicks === 1).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printer.drawerKicks).toBe(1);
    expect(printer.errors).toEqual([]);
    await printer.saveReceipts(OUT, 'receipt-other');
  });

  it('answers DLE EOT with the drawer, the cover and the paper as they are', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    expect(await ask(1)).toEqual({ drawerSignal: false, offline: false });
    await host.send(escposDrawerKick());
    expect(await ask(1)).toEqual({ drawerSignal: true, offline: false });
    printer.closeDrawer();
    printer.openCover(true);
    expect(await ask(2)).toMatchObject({ coverOpen: true, stoppedAtPaperEnd: false });
    expect(await ask(1)).toEqual({ drawerSignal: false, offline: true });
    printer.openCover(false);
    printer.paperNearEnd(true);
    expect(await ask(4)).toEqual({ paperNearEnd: true, paperEnd: false });
    expect(await ask(3)).toEqual({ cutterError: false, unrecoverableError: false, recoverableError: false });
  });

  it('runs out of paper: status says so, the receipt waits, and prints once paper is loaded', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    printer.runOutOfPaper();
    await host.send(escposReceipt(sale));
    expect(await ask(4)).toEqual({ paperNearEnd: true, paperEnd: true });
    expect(await ask(2)).toMatchObject({ stoppedAtPaperEnd: true });
    expect(printer.receipts).toHaveLength(0);
    expect(printer.held).toBe(1);

    printer.loadPaper();
    await printer.waitForReceipts(1);
    expect(await ask(4)).toEqual({ paperNearEnd: false, paperEnd: false });
    expect(printer.held).toBe(0);
  });

  it('rejects what it does not know, loudly', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    await host.send(Uint8Array.of(0x1d, 0x61, 0xff)); // GS a: automatic status back, not implemented
    await host.send(escposReceipt(sale));
    await printer.waitForReceipts(1);
    expect(printer.errors[0]).toMatch(/^unknown ESC\/POS bytes 1d 61/);
  });
});

describe('a Korean receipt on the printer stand-in', () => {
  // 햄릿 at the Seoul Arts Center, bought by 김민준 (given name 민준, family name 김).
  const koDoc = orderDocumentFactory({
    buyer: { firstName: '민준', lastName: '김', email: 'minjun@example.kr' },
    events: orderDocumentFactory().events.map((e) => ({
      ...e,
      name: '햄릿',
      venueName: '예술의전당',
      venueTimeZone: 'Asia/Seoul',
    })),
    tickets: orderDocumentFactory().tickets.map((t) => ({ ...t, priceTypeName: '성인' })),
  });
  const koHeader: ReceiptHeader = {
    ...header,
    name: '예술의전당',
    lines: ['서울 서초구 남부순환로 2406'],
    timeZone: 'Asia/Seoul',
  };

  it('prints the lines its code page lacks as raster images, with ink where the Korean is, and the rest as text', async () => {
    printer = await startEscposPrinter();
    host = await connectToPrinter(printer.port);
    const receipt = designSaleReceipt({
      doc: koDoc,
      header: koHeader,
      payments: [{ method: 'card', amount: 12100, cardBrand: 'Visa', last4: '4242' }],
    });
    await host.send(escposReceipt(receipt));
    const [printed] = await printer.waitForReceipts(1);

    expect(printer.errors).toEqual([]);
    const drawn = receipt.lines.filter((l) => /[^\x20-\x7e]/.test(l.text));
    expect(drawn.map((l) => l.text.trim())).toEqual(
      expect.arrayContaining([
        '예술의전당',
        'Customer 김민준',
        '햄릿',
        expect.stringMatching(/^성인 - Section Stalls, Row C, Seat 12 +\$45\.50$/),
      ]),
    );
    // Every other line is printed as text, as it always was; each Korean one is one raster image.
    expect(printed!.lines.map((l) => l.text)).toEqual(
      expect.arrayContaining(receipt.lines.filter((l) => !drawn.includes(l)).map((l) => l.text)),
    );
    expect(printed!.rasters).toHaveLength(drawn.length);
    expect(printed!.qrCodes).toEqual(['F-104242']);

    const [file] = await printer.saveReceipts(OUT, 'receipt-ko');
    const png = await readFile(file!);
    const customer = printed!.rasters[drawn.findIndex((l) => l.text.startsWith('Customer'))]!;
    // 'Customer ' takes columns 0 to 8 (12 dots each); 김민준 columns 9 to 14, two each.
    expect(
      await inkIn(png, { top: customer.top, left: 9 * 12, bottom: customer.top + 24, right: 15 * 12 }),
    ).toBeGreaterThan(0.1);
    expect(
      await inkIn(png, { top: customer.top, left: 15 * 12, bottom: customer.top + 24, right: 576 }),
    ).toBe(0);
  });
});
