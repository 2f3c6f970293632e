import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptLayout, ReceiptLine } from '../../core/printing/receipt-layout.ts';
import { RECEIPT_COLUMNS } from '../../core/printing/receipt-layout.ts';
import { rasterText, type Bitmap } from './text-raster.ts';

// Receipts for 80 mm ESC/POS printers, encoded with @point-of-sale/receipt-printer-encoder: the
// lines of a receipt layout (core/printing/receipt-layout.ts) as they are, bold and double-size
// where the layout says, the order's QR code centred under them, then a partial cut. A receipt
// with a cash payment starts with the cash drawer kick (ESC p: a pulse on connector pin 2), so
// the drawer opens while the receipt prints. Text goes out in Windows-1252 (ESC t 16), which
// holds the euro and pound signs and Western accents.
//
// A line with a character Windows-1252 lacks (김민준, 햄릿, ハムレット, Чехов) is printed as a
// picture instead: a raster image (GS v 0) of the line drawn in its columns (text-raster.ts: 12
// x 24 dots a column, 24 x 48 double size, a wide character two columns, bold in the bold face),
// cut after its last inked column, 8 blank rows under it, and the line spacing set to none (ESC 3
// 0) for the line feed the encoder sends after an image (ESC 2 restores it), so it takes about a
// text line's height. Every ESC/POS printer prints raster images; the CJK printers' own
// double-byte (Kanji) modes are not used: @point-of-sale/receipt-printer-encoder has none (its
// initialize even cancels Kanji mode, FS .), and they exist only on printers sold with a Japanese,
// Chinese or Korean character ROM, each in its own encoding (Shift JIS, GB 18030, Big5, KS X
// 1001). A picture line costs up to 2.3 KB (4 KB double size) where a text line costs 50 bytes: a
// Korean sale receipt is about 12 KB against 0.8 KB, some 12 seconds on a 9600 baud serial cable
// (1 at 115200), nothing on the network. A Latin receipt is sent as it always was.

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

// Windows-1252's characters beyond Latin-1's printable ones (0x80 .. 0x9f).
const WINDOWS_1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The text with the narrow and thin spaces Windows-1252 lacks (the thousands separator of a French
 * amount, 1 000,00 €) as its no-break space, one column each as before; the encoder would print '?'.
 */
const codePageSpaces = (text: string): string => text.replace(/[\u2000-\u200a\u202f\u205f]/g, '\u00a0');

/** Whether the printer's code page (Windows-1252) holds every character of the text. */
export const inCodePage = (text: string): boolean =>
  Array.from(text).every((ch) => {
    const code = ch.codePointAt(0)!;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WINDOWS_1252_EXTRA.has(ch);
  });

/** Dots of a column and of a line of the printer's font A (12 x 24), at a line's size. */
const CELL = { width: 12, height: 24 };
/** Blank rows under a picture line, as a text line's spacing leaves. */
const GAP = 8;

/** A receipt line as the printer would print it in a font with every character, up to its last inked column. */
export const linePicture = (line: ReceiptLine, hanAs: ReceiptLayout['hanAs']): Bitmap => {
  const size = line.size === 'double' ? 2 : 1;
  const drawn = rasterText(line.text, {
    cell: CELL.width * size,
    height: CELL.height * size,
    hanAs: hanAs ?? 'zh',
    weight: line.bold ? 'bold' : 'regular',
  });
  let last = -1;
  for (let i = 0; i < drawn.dots.length; i++) if (drawn.dots[i]) last = Math.max(last, i % drawn.width);
  const width = Math.max(8, Math.ceil((last + 1) / 8) * 8);
  const height = drawn.height + GAP;
  const dots = new Uint8Array(width * height);
  for (let y = 0; y < drawn.height; y++)
    for (let x = 0; x < Math.min(width, drawn.width); x++)
      dots[y * width + x] = drawn.dots[y * drawn.width + x]!;
  return { width, height, dots };
};

/** A picture as the RGBA pixels the encoder's image() reads: black where inked, else white. */
const pixels = (picture: Bitmap): { width: number; height: number; data: Uint8ClampedArray } => {
  const data = new Uint8ClampedArray(picture.width * picture.height * 4).fill(255);
  picture.dots.forEach((dot, i) => {
    if (dot) data.fill(0, i * 4, i * 4 + 3);
  });
  return { width: picture.width, height: picture.height, data };
};

export const escposReceipt = (layout: ReceiptLayout, options: EscposOptions = {}): Uint8Array => {
  let e = encoder().initialize().codepage('windows1252');
  // ESC p 0 50 250: pin 2, on 100 ms, off 500 ms (the encoder counts in 2 ms units).
  if (options.openDrawer ?? layout.openDrawer) e = e.pulse(0, 100, 500);
  for (const line of layout.lines) {
    const text = codePageSpaces(line.text);
    e = line.size === 'double' ? e.size(2, 2) : e.size(1, 1);
    if (inCodePage(text)) e = e.bold(line.bold).line(text);
    else
      e = e
        .lineSpacing('none')
        .image(pixels(linePicture({ ...line, text }, layout.hanAs)), { mode: 'raster' })
        .lineSpacing('default');
  }
  e = e.size(1, 1).bold(false);
  if (layout.qr) e = e.newline().align('center').qrcode(layout.qr, 2, 6, 'm').align('left');
  return e.newline(3).cut('partial').encode();
};

/** The drawer kick alone (the "no sale" key). */
export const escposDrawerKick = (): Uint8Array => encoder().initialize().pulse(0, 100, 500).encode();
