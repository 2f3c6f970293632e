import type { CjkLanguage } from '../i18n/scripts.ts';
import { columnsOf } from './printer-text.ts';
import { fontCell, type Dpi, type FontNumber, type TicketStock } from './ticket-stock.ts';

// A ticket as positioned marks, in dots: what the ticket encoder turns into printer commands and
// what the tests measure. Positions are (row, column) from the top left corner of the stock.
//
// Rotated text: 'none' reads left to right from (row, column) with the characters' tops towards
// row 0; 'right' (turned 90 degrees clockwise) and 'left' (90 degrees anticlockwise) run down
// the ticket from (row, column), their extent taking the text's height in columns.
//
// Text the resident fonts cannot print (Japanese, Korean, Chinese, Cyrillic...) is a raster mark:
// the same place and extent as the font's text would take, drawn by the encoder as a picture.

export type Rotation = 'none' | 'right' | 'left';

/** What a mark is for: the tests and the printer simulator find marks by it. */
export type TicketRole =
  | 'event'
  | 'venue'
  | 'date'
  | 'seat-label'
  | 'seat'
  | 'price-type'
  | 'price'
  | 'order'
  | 'barcode'
  | 'barcode-text'
  | 'usher'
  | 'reprint'
  | 'stub'
  | 'rule';

export interface TicketText {
  readonly kind: 'text';
  readonly role: TicketRole;
  readonly row: number;
  readonly column: number;
  readonly font: FontNumber;
  /** Height and width multipliers of the font cell (1 = as designed). */
  readonly tall: number;
  readonly wide: number;
  readonly rotation: Rotation;
  /** Printable ASCII (see `ticketText`). */
  readonly text: string;
}

export interface TicketBox {
  readonly kind: 'box';
  readonly role: TicketRole;
  readonly row: number;
  readonly column: number;
  readonly height: number;
  readonly width: number;
  readonly thickness: number;
}

export interface TicketLine {
  readonly kind: 'line';
  readonly role: TicketRole;
  readonly row: number;
  readonly column: number;
  readonly direction: 'horizontal' | 'vertical';
  readonly length: number;
  readonly thickness: number;
}

export interface TicketQr {
  readonly kind: 'qr';
  readonly role: TicketRole;
  readonly row: number;
  readonly column: number;
  /** Dots per module. */
  readonly pointSize: number;
  /** Modules per side of the symbol (its version's size). */
  readonly modules: number;
  readonly data: string;
}

/**
 * Text the printer's resident fonts cannot print (ハムレット, 김민준, Чехов), drawn by the encoder as a
 * picture in the box the text would take in a font of `cell` x `height` dot cells
 * (core/printing/printer-text.ts `ticketRuns` cuts it from the text around it): a wide
 * character takes two columns, and nothing is drawn outside the box.
 */
export interface TicketRaster {
  readonly kind: 'raster';
  readonly role: TicketRole;
  readonly row: number;
  readonly column: number;
  /** Dots along the text of one column (a font cell's width times its width multiplier). */
  readonly cell: number;
  /** Dots across the text: its height. */
  readonly height: number;
  readonly rotation: Rotation;
  /** Characters the fonts lack, as `ticketWords` keeps them, and spaces between them. */
  readonly text: string;
  /** Whose forms Han characters take, which differ (core/i18n/scripts.ts): the order's. */
  readonly hanAs: CjkLanguage;
}

export type TicketMark = TicketText | TicketRaster | TicketBox | TicketLine | TicketQr;

export interface TicketLayout {
  readonly stock: TicketStock;
  readonly marks: readonly TicketMark[];
}

/** Rows top .. bottom - 1 and columns left .. right - 1 that a mark may darken. */
export interface Extent {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export const extentOf = (mark: TicketMark, dpi: Dpi): Extent => {
  switch (mark.kind) {
    case 'text': {
      const cell = fontCell(mark.font, dpi);
      const along = Array.from(mark.text).length * cell.width * mark.wide;
      const across = cell.height * mark.tall;
      return mark.rotation === 'none'
        ? { top: mark.row, left: mark.column, bottom: mark.row + across, right: mark.column + along }
        : { top: mark.row, left: mark.column, bottom: mark.row + along, right: mark.column + across };
    }
    case 'raster': {
      const along = columnsOf(mark.text) * mark.cell;
      return mark.rotation === 'none'
        ? { top: mark.row, left: mark.column, bottom: mark.row + mark.height, right: mark.column + along }
        : { top: mark.row, left: mark.column, bottom: mark.row + along, right: mark.column + mark.height };
    }
    case 'box':
      return {
        top: mark.row,
        left: mark.column,
        bottom: mark.row + mark.height,
        right: mark.column + mark.width,
      };
    case 'line':
      return mark.direction === 'horizontal'
        ? {
            top: mark.row,
            left: mark.column,
            bottom: mark.row + mark.thickness,
            right: mark.column + mark.length,
          }
        : {
            top: mark.row,
            left: mark.column,
            bottom: mark.row + mark.length,
            right: mark.column + mark.thickness,
          };
    case 'qr': {
      const side = mark.modules * mark.pointSize;
      return { top: mark.row, left: mark.column, bottom: mark.row + side, right: mark.column + side };
    }
  }
};

/** What a mark is, in the words a clerk reads when a ticket cannot be printed. */
const ROLE_WORDS: Readonly<Record<TicketRole, string>> = {
  event: 'event name',
  venue: 'venue',
  date: 'date',
  'seat-label': 'seat heading',
  seat: 'seat',
  'price-type': 'price type',
  price: 'price',
  order: 'order number',
  barcode: 'QR code',
  'barcode-text': 'barcode number',
  usher: 'usher message',
  reprint: 'REPRINT mark',
  stub: 'stub',
  rule: 'line',
};

/**
 * A ticket with a mark past the edge of its stock: never printed, as the printer would clip that
 * mark away (a QR code, a price, an order number) and still say it printed the ticket.
 */
export class TicketOffStockError extends Error {
  readonly stock: TicketStock;
  readonly mark: TicketMark;
  readonly extent: Extent;
  constructor(stock: TicketStock, mark: TicketMark, extent: Extent) {
    super(
      `The ticket does not fit its ${stock.rows} x ${stock.columns} dot stock (${stock.dpi} dpi): ` +
        `its ${ROLE_WORDS[mark.role]} reaches row ${extent.bottom}, column ${extent.right}. Nothing was printed.`,
    );
    this.name = 'TicketOffStockError';
    this.stock = stock;
    this.mark = mark;
    this.extent = extent;
  }
}

/** The layout when every mark lies on its stock; TicketOffStockError for the first that does not. */
export const checkTicketFits = (layout: TicketLayout): TicketLayout => {
  const { stock } = layout;
  for (const mark of layout.marks) {
    const e = extentOf(mark, stock.dpi);
    if (e.top < 0 || e.left < 0 || e.bottom > stock.rows || e.right > stock.columns)
      throw new TicketOffStockError(stock, mark, e);
  }
  return layout;
};

// Bytes a QR symbol holds in byte mode at error correction level M, versions 1 to 10.
const QR_BYTES_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

/** Modules per side of the smallest QR symbol (level M, byte mode) holding `bytes`; undefined past version 10. */
export const qrModules = (bytes: number): number | undefined => {
  const version = QR_BYTES_M.findIndex((capacity) => bytes <= capacity) + 1;
  return version === 0 ? undefined : 17 + 4 * version;
};
