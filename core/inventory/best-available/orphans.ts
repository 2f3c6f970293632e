import type { SeatLayout } from '../seat-layout.ts';

/** A free seat beside the taken ones whose other neighbour is not free (or is the run's end). */
export const leavesOrphanSeat = (layout: SeatLayout, free: Uint8Array, taken: readonly number[]): boolean => {
  const takenSet = new Set(taken);
  const isFree = (i: number) => free[i] === 1 && !takenSet.has(i);
  return taken.some((i) => {
    const start = layout.runStart[i]!;
    const end = layout.runEnd[i]!;
    const stranded = (seat: number, away: number) =>
      seat >= start && seat <= end && isFree(seat) && !(away >= start && away <= end && isFree(away));
    return stranded(i - 1, i - 2) || stranded(i + 1, i + 2);
  });
};
