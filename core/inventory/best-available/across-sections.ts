import type { SeatLayout } from '../seat-layout.ts';
import { COMPANION_WANTED, NOT_WANTED, SEAT_WANTED, type Candidates } from './candidates.ts';

/** Stage 4: the best seats of each kind wherever they are (layout.byRank: best quality first). */
export const acrossSections = (layout: SeatLayout, c: Candidates): number[] | null => {
  const taken: number[] = [];
  // How many of each kind are wanted and taken, indexed by SeatKind.
  const wanted = [0, 0, 0];
  wanted[SEAT_WANTED] = c.need.seats;
  wanted[COMPANION_WANTED] = c.need.companions;
  const counts = [0, 0, 0];
  const total = c.need.seats + c.need.companions;
  for (const i of layout.byRank) {
    const k = c.kind[i]!;
    if (k === NOT_WANTED || counts[k]! >= wanted[k]!) continue;
    counts[k]!++;
    taken.push(i);
    if (taken.length === total) return taken;
  }
  return null;
};
