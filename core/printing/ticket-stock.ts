// The thermal ticket stock and the ticket printer's resident fonts, in printer dots.
//
// A 2 x 5.5 inch Boca ticket is addressed in rows (down, across the 2 inch print head) and
// columns (along the 5.5 inch ticket): at 200 dpi row 0, column 0 is the top left corner and
// row 383, column 1049 the bottom right one (the printer keeps a small margin of its own at the
// edges). At 300 dpi the same stock is 1.5 times as many dots each way.
//
// The resident fonts are fixed-pitch bitmaps; the cell sizes below are the 200 dpi figures of
// the FGL programming guide (width x height in dots). A 300 dpi printer is taken to draw them
// 1.5 times larger so that a ticket looks the same at either resolution; the layout measures
// with the larger cell, so a printer that does not scale only leaves more room.

export type Dpi = 200 | 300;
export const DPIS: readonly Dpi[] = [200, 300];

export interface TicketStock {
  readonly dpi: Dpi;
  /** Rows 0 .. rows - 1. */
  readonly rows: number;
  /** Columns 0 .. columns - 1. */
  readonly columns: number;
}

export const ticketStock = (dpi: Dpi): TicketStock => ({
  dpi,
  rows: dpi === 200 ? 384 : 576,
  columns: dpi === 200 ? 1050 : 1575,
});

/** A length given in 200 dpi dots, at `dpi`. */
export const dots = (at200: number, dpi: Dpi): number => (dpi === 200 ? at200 : Math.round((at200 * 3) / 2));

/** The resident fonts the ticket layout uses, by their FGL number. */
export type FontNumber = 2 | 3 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

const CELLS_200: Readonly<Record<FontNumber, { readonly width: number; readonly height: number }>> = {
  2: { width: 7, height: 10 },
  3: { width: 17, height: 31 },
  6: { width: 30, height: 52 },
  7: { width: 15, height: 29 },
  8: { width: 18, height: 30 },
  9: { width: 13, height: 20 },
  10: { width: 25, height: 41 },
  11: { width: 25, height: 49 },
  12: { width: 46, height: 91 },
  13: { width: 20, height: 40 },
};

/** One character cell of font `font` at `dpi`, before any height/width multiplier. */
export const fontCell = (font: FontNumber, dpi: Dpi): { width: number; height: number } => {
  const cell = CELLS_200[font];
  return dpi === 200
    ? { width: cell.width, height: cell.height }
    : { width: Math.ceil((cell.width * 3) / 2), height: Math.ceil((cell.height * 3) / 2) };
};
