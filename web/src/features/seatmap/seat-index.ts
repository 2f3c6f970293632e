// Which seat is under the pointer: a grid over the plan, so a mouse move over 20,000 seats
// looks at a handful of them rather than all. The grid is two typed arrays (each cell's seats
// side by side, and where each cell starts): built in two passes, with no object per seat or
// per cell, as it is built while the map opens.

export interface SeatGrid {
  readonly cell: number;
  readonly minX: number;
  readonly minY: number;
  readonly columns: number;
  readonly rows: number;
  /** Where each cell's seats start in `items`; one more entry than there are cells. */
  readonly starts: Int32Array;
  /** Seat indexes, cell by cell. */
  readonly items: Int32Array;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

/** Cells per seat at most: a sparse plan (or far-off points) gets larger cells instead. */
const MAX_CELLS_PER_POINT = 8;

export const buildSeatGrid = (points: readonly { x: number; y: number }[], cell: number): SeatGrid => {
  if (!(cell > 0)) throw new RangeError('a grid cell needs a size');
  const count = points.length;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = points[i]!;
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  if (count === 0) minX = minY = maxX = maxY = 0;
  // Larger cells only cost a look at more seats per move; the answer is the same.
  const limit = Math.max(1024, count * MAX_CELLS_PER_POINT);
  let size = cell;
  const span = (extent: number) => Math.floor(extent / size) + 1;
  while (span(maxX - minX) * span(maxY - minY) > limit) size *= 2;
  const columns = span(maxX - minX);
  const rows = span(maxY - minY);

  // Each point's cell is worked out once: this runs over every seat while the map opens.
  const cellOf = new Int32Array(count);
  const starts = new Int32Array(columns * rows + 1);
  for (let i = 0; i < count; i++) {
    const p = points[i]!;
    const c = Math.floor((p.y - minY) / size) * columns + Math.floor((p.x - minX) / size);
    cellOf[i] = c;
    starts[c + 1]!++;
  }
  for (let c = 0; c < columns * rows; c++) starts[c + 1]! += starts[c]!;
  const next = starts.slice(0, columns * rows);
  const items = new Int32Array(count);
  for (let i = 0; i < count; i++) items[next[cellOf[i]!]!++] = i;
  return { cell: size, minX, minY, columns, rows, starts, items, points };
};

/** Calls `visit` with every seat index in the cells from (x0, y0) to (x1, y1), plan units. */
const visitCells = (
  grid: SeatGrid,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  visit: (index: number) => void,
) => {
  const c0 = Math.max(0, Math.floor((x0 - grid.minX) / grid.cell));
  const c1 = Math.min(grid.columns - 1, Math.floor((x1 - grid.minX) / grid.cell));
  const r0 = Math.max(0, Math.floor((y0 - grid.minY) / grid.cell));
  const r1 = Math.min(grid.rows - 1, Math.floor((y1 - grid.minY) / grid.cell));
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      const cell = r * grid.columns + c;
      for (let k = grid.starts[cell]!; k < grid.starts[cell + 1]!; k++) visit(grid.items[k]!);
    }
};

/** The index of the point nearest (x, y) within `radius`, or -1 (the lowest index on a tie). */
export const nearestSeat = (grid: SeatGrid, x: number, y: number, radius: number): number => {
  let best = -1;
  let bestDistance = radius;
  visitCells(grid, x - radius, y - radius, x + radius, y + radius, (i) => {
    const p = grid.points[i]!;
    const d = Math.hypot(p.x - x, p.y - y);
    if (d <= bestDistance) {
      if (d === bestDistance && best !== -1 && i > best) return;
      best = i;
      bestDistance = d;
    }
  });
  return best;
};

/** The grid typicalSpacing looks in; any grid finds the same seat under the pointer. */
export const SPACING_CELL = 40;

/**
 * Typical distance between a seat and its nearest neighbour (the seat pitch), from a sample.
 * `grid` is the points' grid of SPACING_CELL, when the caller keeps it for finding seats too.
 */
export const typicalSpacing = (
  points: readonly { x: number; y: number }[],
  grid: SeatGrid = buildSeatGrid(points, SPACING_CELL),
): number => {
  if (points.length < 2) return 20;
  const step = Math.max(1, Math.floor(points.length / 400));
  const gaps: number[] = [];
  for (let i = 0; i < points.length; i += step) {
    const p = points[i]!;
    let nearest = Infinity;
    visitCells(grid, p.x - 40, p.y - 40, p.x + 40, p.y + 40, (j) => {
      if (j !== i) nearest = Math.min(nearest, Math.hypot(points[j]!.x - p.x, points[j]!.y - p.y));
    });
    if (Number.isFinite(nearest) && nearest > 0) gaps.push(nearest);
  }
  if (gaps.length === 0) return 20;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
};
