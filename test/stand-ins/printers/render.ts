import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import bwipjs from 'bwip-js/node';

// Drawing for the printer simulators: a fixed-pitch font (the machine's DejaVu Sans Mono, else
// the Inconsolata that ships with bwip-js) and barcodes drawn by bwip-js, so a rendered ticket
// or receipt looks like paper from the printer. Without any font file, text is drawn as one
// grey box per character (`textIsBoxes`), which keeps positions and lengths visible.

const require = createRequire(import.meta.url);
const FAMILY = 'FoyerPrinterMono';

const fontFile = (): string | undefined => {
  const candidates = ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf'];
  try {
    candidates.push(
      path.join(path.dirname(require.resolve('bwip-js/package.json')), 'fonts', 'Inconsolata.otf'),
    );
  } catch {
    // bwip-js without its fonts folder: boxes it is.
  }
  return candidates.find((file) => existsSync(file));
};

const registered = (() => {
  const file = fontFile();
  return file !== undefined && GlobalFonts.registerFromPath(file, FAMILY) !== null;
})();

/** True when no font file was found and text is drawn as boxes. */
export const textIsBoxes = !registered;

/**
 * Draws `text` left to right from (0, 0) in the current transform, each character in a cell of
 * `cellWidth` x `cellHeight` pixels.
 */
export const drawCells = (ctx: SKRSContext2D, text: string, cellWidth: number, cellHeight: number): void => {
  const chars = Array.from(text);
  if (!registered) {
    ctx.fillStyle = '#555';
    chars.forEach((ch, i) => {
      if (ch !== ' ')
        ctx.fillRect(i * cellWidth + 1, 1, Math.max(1, cellWidth - 2), Math.max(1, cellHeight - 2));
    });
    return;
  }
  ctx.fillStyle = '#000';
  ctx.textBaseline = 'top';
  ctx.font = `${cellHeight}px ${FAMILY}`;
  const advance = ctx.measureText('M').width || cellHeight * 0.6;
  ctx.save();
  ctx.scale(cellWidth / advance, 1);
  chars.forEach((ch, i) => ctx.fillText(ch, (i * cellWidth * advance) / cellWidth, cellHeight * 0.05));
  ctx.restore();
};

interface RawMatrix {
  readonly pixs: readonly number[];
  readonly pixx: number;
  readonly pixy: number;
}

const qrMatrix = (data: string): RawMatrix => {
  const [matrix] = bwipjs.raw('qrcode', data, 'eclevel=M') as unknown as RawMatrix[];
  if (!matrix) throw new Error(`bwip-js made no QR code of ${JSON.stringify(data)}`);
  return matrix;
};

/** Pixels a side of the QR code of `data` at `module` pixels a module. */
export const qrSide = (data: string, module: number): number => qrMatrix(data).pixx * module;

/** A QR code (level M) with its top left module at (x, y), `module` pixels a module. */
export const drawQr = (ctx: SKRSContext2D, data: string, x: number, y: number, module: number): void => {
  const matrix = qrMatrix(data);
  ctx.fillStyle = '#000';
  for (let r = 0; r < matrix.pixy; r++)
    for (let c = 0; c < matrix.pixx; c++)
      if (matrix.pixs[r * matrix.pixx + c]) ctx.fillRect(x + c * module, y + r * module, module, module);
};

/**
 * A Code 128 barcode from (x, y): `bar` pixels the narrowest bar, `length` pixels long bars.
 * 'picket' stands its bars upright and runs along x; 'ladder' lays them flat and runs down y.
 */
export const drawCode128 = (
  ctx: SKRSContext2D,
  data: string,
  x: number,
  y: number,
  bar: number,
  length: number,
  orientation: 'picket' | 'ladder',
): void => {
  const [symbol] = bwipjs.raw('code128', data, '') as unknown as { sbs: readonly number[] }[];
  if (!symbol) throw new Error(`bwip-js made no Code 128 of ${JSON.stringify(data)}`);
  ctx.fillStyle = '#000';
  let at = 0;
  symbol.sbs.forEach((width, i) => {
    if (i % 2 === 0) {
      if (orientation === 'picket') ctx.fillRect(x + at * bar, y, width * bar, length);
      else ctx.fillRect(x, y + at * bar, length, width * bar);
    }
    at += width;
  });
};
