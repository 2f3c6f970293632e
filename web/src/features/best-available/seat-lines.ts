import type { BestAvailableSeat } from '../../../../adapters/http/contract/best-available.ts';
import type { z } from 'zod';

export interface SeatLine {
  /** The section's name, as the basket's lines name it ("Boxes (left)"), not its code. */
  readonly section: string;
  readonly row: string;
  /** "12-15" for a run, "3, 7, 9" otherwise. */
  readonly seats: string;
  /** How many seats: "seat 3" for one, "seats 3, 7" for more (the strings' plural forms). */
  readonly count: number;
}

/** Seats grouped by section and row, numbers written as ranges where they run on. */
export const seatLines = (
  seats: readonly Pick<z.infer<typeof BestAvailableSeat>, 'Section' | 'SectionName' | 'Row' | 'Seat'>[],
): SeatLine[] => {
  const groups = new Map<string, { section: string; row: string; numbers: string[] }>();
  for (const seat of seats) {
    const id = `${seat.Section}\u0000${seat.Row}`;
    const group = groups.get(id) ?? { section: seat.SectionName, row: seat.Row, numbers: [] };
    group.numbers.push(seat.Seat);
    groups.set(id, group);
  }
  return [...groups.values()].map(({ section, row, numbers }) => {
    const all = numbers.every((n) => /^\d+$/.test(n)) ? numbers.map(Number).sort((a, b) => a - b) : null;
    const run = all !== null && all.length > 1 && all.every((n, i) => i === 0 || n === all[i - 1]! + 1);
    return {
      section,
      row,
      seats: run ? `${all[0]}–${all[all.length - 1]}` : numbers.join(', '),
      count: numbers.length,
    };
  });
};
