import type { SeatStatus } from './seat-model.ts';

// How a seat is painted: coloured by price level and status. Open seats
// take their price level's colour; the others are shades the legend names, never a price colour.
// Colour is never the only cue: the popover, the list and the screen-reader text say it too.

export interface SeatPaint {
  readonly fill: string;
  readonly stroke: string;
  /** Outline width in pixels; 0 draws no outline. */
  readonly weight: number;
}

export const SELECTED_PAINT: SeatPaint = { fill: '#1b2130', stroke: '#f2c14e', weight: 2.5 };

/** Statuses other than Open, as the legend shows them. */
export const STATUS_PAINT: Readonly<Record<Exclude<SeatStatus, 'Open'>, SeatPaint>> = {
  Hold: { fill: '#a7a2b5', stroke: '#6f6985', weight: 1 },
  Inquiry: { fill: '#ffffff', stroke: '#7c7468', weight: 1.5 },
  Reserved: { fill: '#6b6f7a', stroke: '#6b6f7a', weight: 0 },
  Unavailable: { fill: '#d9d5cd', stroke: '#d9d5cd', weight: 0 },
};

/** A colour the server sent for a price level, or a neutral one when it is not a #rrggbb. */
export const safeColour = (colour: string | undefined): string =>
  colour && /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#5b6475';

/** The ring of an open accessible seat, so it shows before its icon does (zoomed in). */
export const ACCESSIBLE_RING = '#1f4e8c';

// One paint per price colour, shared by its seats (the canvas groups seats by paint).
const openPaints = new Map<string | undefined, SeatPaint>();
const accessiblePaints = new Map<string | undefined, SeatPaint>();

export const seatPaint = (
  status: SeatStatus,
  levelColour: string | undefined,
  selected: boolean,
  accessible = false,
): SeatPaint => {
  if (selected) return SELECTED_PAINT;
  if (status !== 'Open') return STATUS_PAINT[status];
  const paints = accessible ? accessiblePaints : openPaints;
  let paint = paints.get(levelColour);
  if (!paint) {
    // No outline on ordinary seats: 20,000 strokes would cost as much again as the fills.
    paint = accessible
      ? { fill: safeColour(levelColour), stroke: ACCESSIBLE_RING, weight: 2 }
      : { fill: safeColour(levelColour), stroke: '#ffffff', weight: 0 };
    paints.set(levelColour, paint);
  }
  return paint;
};
