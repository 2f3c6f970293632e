import type { SeatLayout } from '../seat-layout.ts';

/**
 * The runs long enough for `size` adjacent seats, ordered by the best score any window of the
 * run could have (every seat free): static per layout and size, so it is built once.
 */
export interface RunOrder {
  readonly starts: Int32Array;
  readonly bounds: Float64Array;
}

const runOrderMemo = new WeakMap<SeatLayout, Map<number, RunOrder>>();

export const runOrder = (layout: SeatLayout, size: number): RunOrder => {
  let bySize = runOrderMemo.get(layout);
  if (!bySize) runOrderMemo.set(layout, (bySize = new Map()));
  let order = bySize.get(size);
  if (order) return order;
  const runs: { start: number; bound: number }[] = [];
  const n = layout.seats.length;
  for (let start = 0; start < n; start = layout.runEnd[start]! + 1) {
    const end = layout.runEnd[start]!;
    if (end - start + 1 < size) continue;
    // The same running sum as the search, so a window's score is never below its run's bound.
    let score = 0;
    let bound = Infinity;
    for (let j = start; j <= end; j++) {
      score += layout.seats[j]!.qualityRank;
      const first = j - size + 1;
      if (first > start) score -= layout.seats[first - 1]!.qualityRank;
      if (first >= start && score < bound) bound = score;
    }
    runs.push({ start, bound });
  }
  runs.sort((a, b) => a.bound - b.bound || a.start - b.start);
  order = {
    starts: Int32Array.from(runs, (r) => r.start),
    bounds: Float64Array.from(runs, (r) => r.bound),
  };
  bySize.set(size, order);
  return order;
};
