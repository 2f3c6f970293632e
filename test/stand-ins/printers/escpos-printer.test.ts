import { readFile } from 'node:fs/promises';
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
