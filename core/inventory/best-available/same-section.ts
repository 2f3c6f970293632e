import type { SeatLayout } from '../seat-layout.ts';
import { COMPANION_WANTED, SEAT_WANTED, type Candidates } from './candidates.ts';

/** Candidate seats of one row, each kind best first (quality rank, then canonical order). */
interface RowCandidates {
  readonly seats: number[];
  readonly companions: number[];
}

const rowCandidates = (layout: SeatLayout, c: Candidates, start: number, end: number): RowCandidates => {
  const seats: number[] = [];
  const companions: number[] = [];
  for (let i = start; i < end; i++) {
    const k = c.kind[i]!;
    if (k === SEAT_WANTED) seats.push(i);
    else if (k === COMPANION_WANTED) companions.push(i);
  }
  const byRank = (a: number, b: number) =>
    layout.seats[a]!.qualityRank - layout.seats[b]!.qualityRank || a - b;
  seats.sort(byRank);
  companions.sort(byRank);
  return { seats, companions };
};

/** sums[k]: the quality ranks of the first k seats added up. */
const prefixSums = (layout: SeatLayout, seats: readonly number[]): number[] => {
  const sums = [0];
  for (const i of seats) sums.push(sums[sums.length - 1]! + layout.seats[i]!.qualityRank);
  return sums;
};

interface SectionPick {
  readonly rows: number;
  readonly score: number;
  readonly seats: number[];
}

/**
 * Stage 3 for one section: the seats that use the fewest rows, and of those the best by quality
 * rank. A small dynamic programme over rows and how many seats and companions are still wanted,
 * so the answer is exact (a greedy pick can need a row more). A state is what is taken so far:
 * seats * width + companions.
 */
const bestInSection = (
  layout: SeatLayout,
  c: Candidates,
  rowStart: number,
  rowEnd: number,
): SectionPick | null => {
  const { seats: seatsWanted, companions: companionsWanted } = c.need;
  const width = companionsWanted + 1;
  const states = (seatsWanted + 1) * width;
  const rowCount = rowEnd - rowStart;
  let rowsUsed = new Int32Array(states).fill(-1);
  let score = new Float64Array(states);
  rowsUsed[0] = 0;
  const from = new Int32Array(rowCount * states).fill(-1);
  const rowSeats: RowCandidates[] = [];
  for (let r = 0; r < rowCount; r++) {
    const row = layout.rows[rowStart + r]!;
    const candidates = rowCandidates(layout, c, row.start, row.end);
    rowSeats.push(candidates);
    const nextRows = rowsUsed.slice();
    const nextScore = score.slice();
    const layer = r * states;
    for (let s = 0; s < states; s++) from[layer + s] = rowsUsed[s]! >= 0 ? s : -1;
    if (candidates.seats.length + candidates.companions.length > 0) {
      const seatSums = prefixSums(layout, candidates.seats);
      const companionSums = prefixSums(layout, candidates.companions);
      for (let s = 0; s < states; s++) {
        if (rowsUsed[s]! < 0) continue;
        const seatsHad = Math.floor(s / width);
        const companionsHad = s % width;
        const mostSeats = Math.min(candidates.seats.length, seatsWanted - seatsHad);
        const mostCompanions = Math.min(candidates.companions.length, companionsWanted - companionsHad);
        // Every way to use this row: at least one seat of either kind from it.
        for (let takeSeats = 0; takeSeats <= mostSeats; takeSeats++)
          for (
            let takeCompanions = takeSeats === 0 ? 1 : 0;
            takeCompanions <= mostCompanions;
            takeCompanions++
          ) {
            const target = (seatsHad + takeSeats) * width + companionsHad + takeCompanions;
            const rows = rowsUsed[s]! + 1;
            const total = score[s]! + seatSums[takeSeats]! + companionSums[takeCompanions]!;
            const known = nextRows[target]!;
            if (known < 0 || rows < known || (rows === known && total < nextScore[target]!)) {
              nextRows[target] = rows;
              nextScore[target] = total;
              from[layer + target] = s;
            }
          }
      }
    }
    rowsUsed = nextRows;
    score = nextScore;
  }
  const goal = states - 1;
  if (rowsUsed[goal]! < 0) return null;
  const seats: number[] = [];
  let state = goal;
  for (let r = rowCount - 1; r >= 0; r--) {
    const previous = from[r * states + state]!;
    const tookSeats = Math.floor(state / width) - Math.floor(previous / width);
    const tookCompanions = (state % width) - (previous % width);
    seats.push(
      ...rowSeats[r]!.seats.slice(0, tookSeats),
      ...rowSeats[r]!.companions.slice(0, tookCompanions),
    );
    state = previous;
  }
  return { rows: rowsUsed[goal]!, score: score[goal]!, seats };
};

/** Stage 3: the section that seats the party in the fewest rows, best by quality rank. */
export const sameSection = (layout: SeatLayout, c: Candidates): number[] | null => {
  let best: SectionPick | null = null;
  for (const section of layout.sections) {
    const pick = bestInSection(layout, c, section.rowStart, section.rowEnd);
    if (pick && (!best || pick.rows < best.rows || (pick.rows === best.rows && pick.score < best.score)))
      best = pick;
  }
  return best ? best.seats : null;
};
