import { describe, expect, it } from 'vitest';
import type { ReceiptLayout } from '../../core/printing/receipt-layout.ts';
import { escposDrawerKick, escposReceipt } from './escpos.ts';
import { escposStatusOf, escposStatusRequest } from './escpos-status.ts';

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
