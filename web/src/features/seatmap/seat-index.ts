// Which seat is under the pointer: a grid over the plan, so a mouse move over 20,000 seats
// looks at a handful of them rather than all.

export interface SeatGrid {
  readonly cell: number;
  readonly cells: ReadonlyMap<string, readonly number[]>;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

const cellKey = (cx: number, cy: number) => `${cx},${cy}`;

export const buildSeatGrid = (points: readonly { x: number; y: number }[], cell: number): SeatGrid => {
  if (!(cell > 0)) throw new RangeError('a grid cell needs a size');
  const cells = new Map<string, number[]>();
  points.forEach((p, i) => {
    const key = cellKey(Math.floor(p.x / cell), Math.floor(p.y / cell));
    const list = cells.get(key);
    if (list) list.push(i);
    else cells.set(key, [i]);
  });
  return { cell, cells, points };
};

/** The index of the point nearest (x, y) within `radius`, or -1. */
export const nearestSeat = (grid: SeatGrid, x: number, y: number, radius: number): number => {
  const reach = Math.ceil(radius / grid.cell);
  const cx = Math.floor(x / grid.cell);
  const cy = Math.floor(y / grid.cell);
  let best = -1;
  let bestDistance = radius;
  for (let dx = -reach; dx <= reach; dx++)
    for (let dy = -reach; dy <= reach; dy++)
      for (const i of grid.cells.get(cellKey(cx + dx, cy + dy)) ?? []) {
        const p = grid.points[i]!;
        const d = Math.hypot(p.x - x, p.y - y);
        if (d <= bestDistance) {
          if (d === bestDistance && best !== -1 && i > best) continue;
          best = i;
          bestDistance = d;
        }
      }
  return best;
};

/** Typical distance between a seat and its nearest neighbour (the seat pitch), from a sample. */
export const typicalSpacing = (points: readonly { x: number; y: number }[]): number => {
  if (points.length < 2) return 20;
  const grid = buildSeatGrid(points, 40);
  const step = Math.max(1, Math.floor(points.length / 400));
  const gaps: number[] = [];
  for (let i = 0; i < points.length; i += step) {
    const p = points[i]!;
    let nearest = Infinity;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of grid.cells.get(cellKey(Math.floor(p.x / 40) + dx, Math.floor(p.y / 40) + dy)) ?? [])
          if (j !== i) nearest = Math.min(nearest, Math.hypot(points[j]!.x - p.x, points[j]!.y - p.y));
    if (Number.isFinite(nearest) && nearest > 0) gaps.push(nearest);
  }
  if (gaps.length === 0) return 20;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
};
