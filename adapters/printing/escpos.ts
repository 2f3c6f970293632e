import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptLayout } from '../../core/printing/receipt-layout.ts';
import { RECEIPT_COLUMNS } from '../../core/printing/receipt-layout.ts';

// Receipts for 80 mm ESC/POS printers, encoded with @point-of-sale/receipt-printer-encoder: the
// lines of a receipt layout (core/printing/receipt-layout.ts) as they are, bold and double-size
// where the layout says, the order's QR code centred under them, then a partial cut. A receipt
// with a cash payment starts with the cash drawer kick (ESC p: a pulse on connector pin 2), so
// the drawer opens while the receipt prints. Text goes out in Windows-1252 (ESC t 16), which
// holds the euro and pound signs and Western accents; anything else prints as '?'.

export interface EscposOptions {
  /** Kick the drawer even when the layout does not ask (the "open drawer" key); default: as the layout says. */
  readonly openDrawer?: boolean;
}

const encoder = () =>
  new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: RECEIPT_COLUMNS,
    newline: '\n',
    errors: 'relaxed',
  });

export const escposReceipt = (layout: ReceiptLayout, options: EscposOptions = {}): Uint8Array => {
  let e = encoder().initialize().codepage('windows1252');
  // ESC p 0 50 250: pin 2, on 100 ms, off 500 ms (the encoder counts in 2 ms units).
  if (options.openDrawer ?? layout.openDrawer) e = e.pulse(0, 100, 500);
  for (const line of layout.lines) {
    e = line.size === 'double' ? e.size(2, 2) : e.size(1, 1);
    e = e.bold(line.bold).line(line.text);
  }
  e = e.size(1, 1).bold(false);
  if (layout.qr) e = e.newline().align('center').qrcode(layout.qr, 2, 6, 'm').align('left');
  return e.newline(3).cut('partial').encode();
};

/** The drawer kick alone (the "no sale" key). */
export const escposDrawerKick = (): Uint8Array => encoder().initialize().pulse(0, 100, 500).encode();
