import type { SeatLayout } from '../seat-layout.ts';
import { COMPANION_WANTED, NOT_WANTED, SEAT_WANTED, type Candidates } from './candidates.ts';
import { runOrder } from './run-order.ts';

export interface Block {
  readonly start: number;
  readonly score: number;
}

/** Lexicographic (score, start): the first of equal blocks in canonical order wins. */
const better = (score: number, start: number, than: Block | undefined) =>
  !than || score < than.score || (score === than.score && start < than.start);

/**
 * Stages 1 and 2: the best window of adjacent candidate seats, orphan-free and overall (`any` is
 * exact only when there is no clean block: stage 2 needs it only then). A window holds exactly
 * the seats and companions asked for. Runs are visited best-possible first, and the visit stops
 * once no later run could beat the clean block found, so a search on an arena with free blocks
 * left looks at a few rows, not all 20,000 seats.
 */
export const adjacentBlocks = (layout: SeatLayout, c: Candidates): { clean?: Block; any?: Block } => {
  const { seats: seatsWanted, companions: companionsWanted } = c.need;
  const size = seatsWanted + companionsWanted;
  const { starts, bounds } = runOrder(layout, size);
  let clean: Block | undefined;
  let any: Block | undefined;
  // How many seats of each kind the window holds, indexed by SeatKind.
  const counts = [0, 0, 0];
  for (let r = 0; r < starts.length; r++) {
    // A clean block wins over any other: once found, only a run that could beat it matters.
    if (clean && bounds[r]! > clean.score) break;
    const start = starts[r]!;
    const end = layout.runEnd[start]!;
    counts[NOT_WANTED] = counts[SEAT_WANTED] = counts[COMPANION_WANTED] = 0;
    let score = 0;
    for (let j = start; j <= end; j++) {
      counts[c.kind[j]!]!++;
      score += layout.seats[j]!.qualityRank;
      const first = j - size + 1;
      if (first > start) {
        counts[c.kind[first - 1]!]!--;
        score -= layout.seats[first - 1]!.qualityRank;
      }
      if (
        first < start ||
        counts[NOT_WANTED] !== 0 ||
        counts[SEAT_WANTED] !== seatsWanted ||
        counts[COMPANION_WANTED] !== companionsWanted
      )
        continue;
      if (better(score, first, any)) any = { start: first, score };
      if (!better(score, first, clean)) continue;
      const left = first - 1;
      const right = j + 1;
      const strandedLeft =
        left >= start && c.free[left] === 1 && (left - 1 < start || c.free[left - 1] !== 1);
      const strandedRight =
        right <= end && c.free[right] === 1 && (right + 1 > end || c.free[right + 1] !== 1);
      if (!strandedLeft && !strandedRight) clean = { start: first, score };
    }
  }
  return { clean, any };
};
