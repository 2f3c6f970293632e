import {
  checkTicketFits,
  type Rotation,
  type TicketLayout,
  type TicketMark,
  type TicketRaster,
} from '../../core/printing/ticket-layout.ts';
import type { TicketStock } from '../../core/printing/ticket-stock.ts';
import { rasterText, rotatePicture, type Bitmap } from './text-raster.ts';

// The FGL encoder: a ticket layout (core/printing/ticket-layout.ts) as the commands of Boca's
// Friendly Ghost Language, which Boca ticket printers read over TCP port 9100. FGL is plain
// Latin-1: a command is a name in angle brackets, anything else is text printed at the current
// position. Commands are case-sensitive. The commands this encoder emits:
//
//   <RCr,c>      move to row r (dots down, across the print head), column c (dots along the ticket)
//   <NR> <RR> <RL>  no rotation / rotate right (90 degrees clockwise) / rotate left (anticlockwise);
//                stays in effect, so every ticket starts with <NR>
//   <Fn>         resident font n (2 .. 13: the cells are in core/printing/ticket-stock.ts)
//   <HWh,w>      height and width multipliers of the font; reset by <Fn>, so sent after each <Fn>
//   <LTn>        line thickness in dots for the boxes and lines that follow
//   <BXh,w>      box h dots high and w dots wide from the current position
//   <HXn> <VXn>  horizontal / vertical line n dots long from the current position
//   <QRp,t,m,e>{data}  QR code: p dots per module (3 .. 16), t tilde escapes (0: off), m encode
//                mode (0: bytes), e error correction (0: level M); the data between the braces
//   <Gn>bytes    graphics: the n bytes after the command are n dot columns from the current
//                position along the ticket, each 8 rows down, the first row in the top bit
//                (0x80); any byte value, so the printer reads n bytes whatever they are
//   <Xn>         bar width multiplier of the next one-dimensional barcode
//   <OLn>^data^  Code 128 "ladder" barcode (bars across the ticket) n x 8 dots wide; <OPn> is
//                the "picket fence" one (bars along it). Carets bracket Code 128 data.
//   <p>          print the ticket and cut it; <q> print it and leave it uncut (a strip of tickets)
//   <S1>         status request: a ready printer answers X-ON (adapters/printing/fgl-status.ts)
//
// Text cannot contain '<' (it would start a command): the layout's text is printable ASCII
// without it (core/printing/printer-text.ts `ticketText`), which this encoder checks again.
//
// What the resident fonts cannot print (a raster mark: ハムレット, 김민준) is drawn here as a picture
// of its box at the printer's dpi (text-raster.ts) and sent as graphics: strips 8 rows high, at
// most GRAPHIC_BYTES columns a command (as pretixPRINT's Boca driver sends whole tickets), blank
// ones left out, each strip inside the box (the last one moved up to end at the box's bottom), so
// no dot is darkened, nor even sent, outside the box (a box under 8 rows, which Foyer's design
// never makes, gets blank rows beyond it). Graphics are sent unrotated (<NR>): the picture is turned
// here. The graphics bytes are any of 0 .. 255, so the ticket is Latin-1 bytes, not text: every
// path sends it as such (Buffer.from(fgl, 'latin1'), and the bridge's `encoding=text` body is
// read back into the same Latin-1 characters). A ticket with nothing to draw has no graphics
// and the bytes it always had.
//
// Positions are dots of the layout's stock, so the bytes are for a printer of the layout's dpi
// (core/printing/ticket-stock.ts) and for no other: a 300 dpi ticket on a 200 dpi printer runs
// off its edge. A layout with a mark past the edge of its own stock is refused
// (TicketOffStockError), as the printer would clip that mark and still acknowledge the ticket.

const ROTATION: Readonly<Record<Rotation, string>> = { none: '<NR>', right: '<RR>', left: '<RL>' };

const checkText = (text: string): string => {
  if (!/^[\x20-\x7e]*$/.test(text) || /[<>]/.test(text))
    throw new RangeError(`FGL text must be printable ASCII without angle brackets: ${JSON.stringify(text)}`);
  return text;
};

const checkQr = (data: string): string => {
  if (!/^[\x20-\x7e]+$/.test(data) || /[<>{}]/.test(data))
    throw new RangeError(
      `QR data must be printable ASCII without brackets or braces: ${JSON.stringify(data)}`,
    );
  return data;
};

/** Dot columns a graphics command carries at most. */
export const GRAPHIC_BYTES = 100;

/**
 * A picture as graphics commands, its top left dot at (row, column): strips of 8 rows, the last
 * one moved up to end at the picture's bottom (and every one on the stock's rows), blank runs of
 * columns left out.
 */
export const fglGraphics = (picture: Bitmap, row: number, column: number, stock: TicketStock): string => {
  const { width, height, dots } = picture;
  const dot = (y: number, x: number) => (y >= 0 && y < height ? dots[y * width + x]! : 0);
  let out = '';
  for (let top = 0; top < height; top += 8) {
    const stripRow = Math.max(0, Math.min(row + Math.min(top, height - 8), stock.rows - 8));
    for (let left = 0; left < width; left += GRAPHIC_BYTES) {
      const count = Math.min(GRAPHIC_BYTES, width - left);
      let bytes = '';
      let inked = false;
      for (let x = left; x < left + count; x++) {
        let byte = 0;
        for (let bit = 0; bit < 8; bit++) if (dot(stripRow - row + bit, x)) byte |= 0x80 >> bit;
        inked ||= byte !== 0;
        bytes += String.fromCharCode(byte);
      }
      if (inked) out += `<RC${stripRow},${column + left}><G${count}>${bytes}`;
    }
  }
  return out;
};

/** A raster mark drawn as it would read, turned with the text, as graphics. */
const rasterCommands = (mark: TicketRaster, stock: TicketStock): string => {
  const picture = rotatePicture(
    rasterText(mark.text, { cell: mark.cell, height: mark.height, hanAs: mark.hanAs, pitch: 'proportional' }),
    mark.rotation,
  );
  return fglGraphics(picture, mark.row, mark.column, stock);
};

/** One mark as FGL; `state` carries the rotation so it is sent only when it changes. */
const markCommands = (mark: TicketMark, state: { rotation: Rotation }, stock: TicketStock): string => {
  const at = `<RC${mark.row},${mark.column}>`;
  switch (mark.kind) {
    case 'text': {
      const turn = mark.rotation === state.rotation ? '' : ROTATION[mark.rotation];
      state.rotation = mark.rotation;
      return `${turn}${at}<F${mark.font}><HW${mark.tall},${mark.wide}>${checkText(mark.text)}`;
    }
    case 'raster': {
      const turn = state.rotation === 'none' ? '' : ROTATION.none;
      state.rotation = 'none';
      return `${turn}${rasterCommands(mark, stock)}`;
    }
    case 'box':
      return `${at}<LT${mark.thickness}><BX${mark.height},${mark.width}>`;
    case 'line':
      return `${at}<LT${mark.thickness}>${mark.direction === 'horizontal' ? '<HX' : '<VX'}${mark.length}>`;
    case 'qr':
      return `${at}<QR${mark.pointSize},0,0,0>{${checkQr(mark.data)}}`;
  }
};

export interface FglTicketOptions {
  /** Cut after this ticket (<p>, the default) or leave it joined to the next (<q>). */
  readonly cut?: boolean;
}

/**
 * One ticket as FGL (Latin-1 characters), for a printer of `layout.stock.dpi`: rotation reset, its
 * marks in order, then the print command. TicketOffStockError when a mark lies past the edge of
 * the stock.
 */
export const fglTicket = (layout: TicketLayout, options: FglTicketOptions = {}): string => {
  checkTicketFits(layout);
  const state = { rotation: 'none' as Rotation };
  let out = ROTATION.none;
  for (const mark of layout.marks) out += markCommands(mark, state, layout.stock);
  return out + (options.cut === false ? '<q>' : '<p>');
};

/** Tickets for one print job: each cut (<p>), or `strip` to cut only after the last (<q> ... <p>). */
export const fglJob = (layouts: readonly TicketLayout[], options: { strip?: boolean } = {}): Buffer =>
  Buffer.from(
    layouts
      .map((layout, i) => fglTicket(layout, { cut: !options.strip || i === layouts.length - 1 }))
      .join(''),
    'latin1',
  );

/** A Code 128 ladder barcode at the current position (not on Foyer's ticket, which carries a QR code). */
export const fglCode128 = (row: number, column: number, data: string, units = 8, barWidth = 2): string => {
  if (!/^[\x20-\x7e]+$/.test(data) || /[<>^]/.test(data))
    throw new RangeError(
      `Code 128 data must be printable ASCII without brackets or carets: ${JSON.stringify(data)}`,
    );
  return `<RC${row},${column}><X${barWidth}><OL${units}>^${data}^`;
};

/** The status request: a ready printer answers X-ON (0x11); a busy or faulted one stays silent. */
export const FGL_STATUS_REQUEST = '<S1>';

/**
 * The ticket count request: a ready printer answers its seven-digit count of tickets printed and
 * its firmware, e.g. `0004616 PROM = FGL46G42`, after whatever it received before.
 */
export const FGL_COUNT_REQUEST = '<S2>';
