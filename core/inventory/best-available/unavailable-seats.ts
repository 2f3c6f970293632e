import type { SeatLayout } from '../seat-layout.ts';
import { NOT_WANTED, type Candidates } from './candidates.ts';

/**
 * Runs `search` with the unavailable seats marked not free and not a candidate, then puts the
 * arrays back as they were. Marking in place, not on a copy: at an on-sale every reserve call
 * searches with the seats other calls are holding, and two 20,000-seat copies per search were
 * most of what the search allocated. The search is synchronous, so no other search sees the marks.
 */
export const withUnavailable = <T>(
  layout: SeatLayout,
  c: Candidates,
  unavailableKeys: Iterable<string> | undefined,
  search: () => T,
): T => {
  if (!unavailableKeys) return search();
  const marked: number[] = [];
  const kinds: number[] = [];
  for (const key of unavailableKeys) {
    const i = layout.indexByKey.get(key);
    if (i === undefined || c.free[i] === 0) continue;
    marked.push(i);
    kinds.push(c.kind[i]!);
    c.free[i] = 0;
    c.kind[i] = NOT_WANTED;
  }
  try {
    return search();
  } finally {
    for (let m = 0; m < marked.length; m++) {
      c.free[marked[m]!] = 1;
      c.kind[marked[m]!] = kinds[m]!;
    }
  }
};
