import { describe, expect, it } from 'vitest';
import type { ReceiptLayout } from '../../core/printing/receipt-layout.ts';
import { escposDrawerKick, escposReceipt, inCodePage, linePicture } from './escpos.ts';
import { escposStatusOf, escposStatusRequest } from './escpos-status.ts';
import { EscposParser } from '../../test/stand-ins/printers/escpos-parser.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const layout = (over: Partial<ReceiptLayout> = {}): ReceiptLayout => ({
  kind: 'sale',
  lines: [
    { text: 'Caf\u00e9 \u00a312', size: 'normal', bold: false },
    { text: 'TOTAL', size: 'double', bold: true },
  ],
  totals: { items: [], adjustments: 0, total: 0, paid: 0, change: 0, due: 0 },
  openDrawer: false,
  qr: null,
  ...over,
});

describe('the ESC/POS encoder', () => {
  it('writes the lines in Windows-1252, double size with GS ! 0x11, and ends with a partial cut', () => {
    const bytes = hex(escposReceipt(layout()));
    expect(bytes.startsWith('1b40')).toBe(true); // ESC @ initialise
    expect(bytes).toContain('1b7410'); // ESC t 16: Windows-1252
    expect(bytes).toContain(Buffer.from('Caf\u00e9 \u00a312', 'latin1').toString('hex'));
    expect(bytes).toContain(`1d21111b4501${Buffer.from('TOTAL').toString('hex')}`); // GS ! 0x11, ESC E 1
    expect(bytes).toMatch(/1d5601(0a)?$/); // GS V 1: partial cut (the encoder feeds a line after it)
    expect(bytes).not.toContain('1b70'); // no drawer kick without cash
  });

  it('kicks the drawer first when the receipt has cash, and on its own for the no-sale key', () => {
    expect(hex(escposReceipt(layout({ openDrawer: true })))).toMatch(/^1b401c2e1b4d001b700032fa/);
    expect(hex(escposDrawerKick())).toMatch(/1b700032fa/); // ESC p 0, 100 ms on, 500 ms off
  });

  it('prints the QR code with GS ( k: module size 6, level M, then print', () => {
    const bytes = hex(escposReceipt(layout({ qr: 'F-1' })));
    expect(bytes).toContain('1b6101'); // ESC a 1: centred
    expect(bytes).toContain('1d286b0300314306'); // module size 6
    expect(bytes).toContain('1d286b0300314531'); // error correction M
    expect(bytes).toContain(`1d286b0600315030${Buffer.from('F-1').toString('hex')}`); // store the data
    expect(bytes).toContain('1d286b0300315130'); // print the symbol
  });

  it('asks for real-time status with DLE EOT n and reads the answer', () => {
    expect(hex(escposStatusRequest(4))).toBe('100404');
    expect(escposStatusOf(4, 0x72)).toEqual({ paperNearEnd: false, paperEnd: true });
    expect(escposStatusOf(4, 0x1e)).toEqual({ paperNearEnd: true, paperEnd: false });
    expect(escposStatusOf(2, 0x16)).toEqual({
      coverOpen: true,
      feedButton: false,
      stoppedAtPaperEnd: false,
      error: false,
    });
    expect(escposStatusOf(1, 0x16)).toEqual({ drawerSignal: true, offline: false });
    expect(() => escposStatusOf(1, 0x00)).toThrow(RangeError);
  });
});

describe('the ESC/POS encoder, for lines its code page lacks', () => {
  const korean = layout({
    lines: [
      { text: 'Customer 김민준', size: 'normal', bold: false },
      { text: 'TOTAL', size: 'double', bold: true },
      { text: '햄릿', size: 'double', bold: true },
    ],
    hanAs: 'ko',
  });

  it('prints a Latin receipt as text, with no raster image', () => {
    expect(hex(escposReceipt(layout()))).not.toContain('1d7630');
    expect(inCodePage('Café £12 – “Théâtre” œ €')).toBe(true);
    expect(inCodePage('Customer 김민준')).toBe(false);
    expect(inCodePage('Łódź')).toBe(false);
  });

  it('prints such a line as a raster image (GS v 0) with no line spacing for the feed after it', () => {
    const bytes = escposReceipt(korean);
    // ESC 3 0, then GS v 0 0 with the image's width in bytes and its rows.
    expect(hex(bytes)).toMatch(/^1b401c2e1b4d001b33001d763000..00200000/);
    const events = new EscposParser().push(bytes);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    const images = events.flatMap((e) => (e.kind === 'raster' ? [e] : []));
    // 24 and 48 dots of text and 8 blank rows; cut after the last inked column, 'Customer 김민준' being 15 columns of 12 dots.
    expect(images.map((i) => i.height)).toEqual([24 + 8, 48 + 8]);
    expect(images[0]!.width).toBeLessThanOrEqual(15 * 12 + 7);
    expect(images[0]!.width).toBeGreaterThan(14 * 12);
    // The line feeds after the images feed nothing (no empty lines); TOTAL is text between them,
    // and the blank lines are the feed before the cut and after it, as on every receipt.
    expect(events.flatMap((e) => (e.kind === 'line' ? [e.line.text] : []))).toEqual([
      'TOTAL',
      '',
      '',
      '',
      '',
    ]);
    expect(hex(bytes)).toMatch(/1d21111b4501(1b7410)?544f54414c/);
  });

  it('draws the line in its columns, as the printer would print it in a font with every character', () => {
    const picture = linePicture({ text: 'Customer 김민준', size: 'normal', bold: false }, 'ko');
    expect(picture.height).toBe(32);
    expect(picture.width % 8).toBe(0);
    const inked = (x0: number, x1: number) => {
      let n = 0;
      for (let y = 0; y < picture.height; y++)
        for (let x = x0; x < Math.min(x1, picture.width); x++) n += picture.dots[y * picture.width + x]!;
      return n;
    };
    expect(inked(9 * 12, 15 * 12)).toBeGreaterThan(100);
    expect(inked(8 * 12, 9 * 12)).toBe(0);
    for (let x = 0; x < picture.width; x++)
      expect(picture.dots[(picture.height - 1) * picture.width + x]).toBe(0);
  });

  it('prints a French amount’s narrow no-break space as the code page’s no-break space, not ?', () => {
    const bytes = hex(
      escposReceipt(layout({ lines: [{ text: '1\u202f000,00 €', size: 'normal', bold: false }] })),
    );
    expect(bytes).toContain('31a03030302c30302080');
    expect(bytes).not.toContain('1d7630');
  });
});
