import type { BoxOfficeSeat } from '../../../../adapters/http/contract/staff-inventory.ts';

// The seats a house-seat request may keep, as a clerk looks for them: open seats grouped by
// section, then row, in the order of the house (rows and seats compared as numbers where they
// are numbers: row 9 before row 10). Pure.

export interface OpenRow {
  readonly row: string;
  readonly seats: readonly { readonly key: string; readonly seat: string }[];
}
export interface OpenSection {
  readonly section: string;
  readonly rows: readonly OpenRow[];
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export const openSeatsBySection = (seats: readonly BoxOfficeSeat[]): OpenSection[] => {
  const sections = new Map<string, Map<string, { key: string; seat: string }[]>>();
  for (const seat of seats) {
    if (seat.seatStatus !== 'Open' || seat.IsGASeat) continue;
    const rows = sections.get(seat.SectionName) ?? new Map<string, { key: string; seat: string }[]>();
    sections.set(seat.SectionName, rows);
    const row = rows.get(seat.Row) ?? [];
    rows.set(seat.Row, row);
    row.push({ key: seat.Key, seat: seat.Seat });
  }
  return [...sections].map(([section, rows]) => ({
    section,
    rows: [...rows]
      .sort(([a], [b]) => natural.compare(a, b))
      .map(([row, list]) => ({ row, seats: list.sort((a, b) => natural.compare(a.seat, b.seat)) })),
  }));
};

/** Where a chosen seat is, for the summary of the form: its section, row and seat. */
export const seatPlaceOf = (
  sections: readonly OpenSection[],
  key: string,
): { readonly section: string; readonly row: string; readonly seat: string } | null => {
  for (const { section, rows } of sections)
    for (const { row, seats } of rows) {
      const found = seats.find((s) => s.key === key);
      if (found) return { section, row, seat: found.seat };
    }
  return null;
};

/** Where any seat of the performance is (held or sold too), by its key: for a request's card. */
export const seatPlaceAmong = (
  seats: readonly BoxOfficeSeat[],
  key: string,
): { readonly section: string; readonly row: string; readonly seat: string } | null => {
  const found = seats.find((s) => s.Key === key);
  return found ? { section: found.SectionName, row: found.Row, seat: found.Seat } : null;
};
