// The static shape best-available searches over: every seat of a venue configuration in one
// canonical order, grouped into rows, sections and runs of adjacent seats. It changes only when
// the seat map is edited, so it is built once per configuration and reused by every search.

/** A seat of a venue configuration as the search needs it (a row of the seats table). */
export interface LayoutSeat {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  /** A string of digits in the demo venues; anything else is never adjacent to anything. */
  readonly number: string;
  readonly x: number;
  readonly y: number;
  /** Lower is better: from the distance to the configuration's focal point (the stage). */
  readonly qualityRank: number;
  readonly adaType: string | null;
}

export interface LayoutRow {
  readonly section: string;
  readonly row: string;
  /** Seat indices [start, end) in canonical order. */
  readonly start: number;
  readonly end: number;
}

export interface LayoutSection {
  readonly code: string;
  /** Row indices [rowStart, rowEnd) into `rows`. */
  readonly rowStart: number;
  readonly rowEnd: number;
}

export interface SeatLayout {
  /** Canonical order: section, row, seat number (numerically), key. Never the input's order. */
  readonly seats: readonly LayoutSeat[];
  readonly indexByKey: ReadonlyMap<string, number>;
  /** Per seat: the index of the first and the last seat of its run of adjacent seats. */
  readonly runStart: Int32Array;
  readonly runEnd: Int32Array;
  readonly rows: readonly LayoutRow[];
  readonly sections: readonly LayoutSection[];
  /** Seat indices from best to worst quality (rank, then canonical order). */
  readonly byRank: Int32Array;
  /** Section code -> the name buyers read ("BOXL" -> "Boxes (left)"); one missing goes by its code. */
  readonly sectionNames: ReadonlyMap<string, string>;
}

/** An aisle is wider than this many times the row's usual seat pitch. */
export const AISLE_FACTOR = 1.5;

const DIGITS = /^\d{1,9}$/;
const seatNumber = (number: string): number | null => (DIGITS.test(number) ? Number(number) : null);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const compareSeats = (a: LayoutSeat, b: LayoutSeat): number => {
  const bySection = compareText(a.section, b.section);
  if (bySection) return bySection;
  const byRow = compareText(a.row, b.row);
  if (byRow) return byRow;
  const na = seatNumber(a.number);
  const nb = seatNumber(b.number);
  if (na !== null && nb !== null && na !== nb) return na - nb;
  if ((na === null) !== (nb === null)) return na === null ? 1 : -1;
  return compareText(a.number, b.number) || compareText(a.key, b.key);
};

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * Adjacency, exactly: two seats are adjacent when they share section and row, their numbers are
 * digit strings one apart, and they sit no further apart than AISLE_FACTOR times the row's
 * median distance between number-consecutive seats. Seat numbers carry on across an aisle in
 * many houses (the Grand Theatre numbers 1..N across three blocks), so numbers alone would sit
 * a party on both sides of a gangway.
 */
const rowLinks = (seats: readonly LayoutSeat[], start: number, end: number): boolean[] => {
  const consecutive: boolean[] = [];
  const gaps: number[] = [];
  for (let i = start; i + 1 < end; i++) {
    const a = seats[i]!;
    const b = seats[i + 1]!;
    const na = seatNumber(a.number);
    const nb = seatNumber(b.number);
    consecutive.push(na !== null && nb !== null && nb - na === 1);
    gaps.push(Math.hypot(b.x - a.x, b.y - a.y));
  }
  const pitch = median(gaps.filter((_, i) => consecutive[i]));
  return consecutive.map((linked, i) => linked && gaps[i]! <= AISLE_FACTOR * pitch + 1e-9);
};

/** Builds the layout; the input order does not matter. */
export const buildSeatLayout = (
  input: readonly LayoutSeat[],
  sectionNames: ReadonlyMap<string, string> = new Map(),
): SeatLayout => {
  const seats = [...input].sort(compareSeats);
  const n = seats.length;
  const indexByKey = new Map<string, number>();
  seats.forEach((seat, i) => indexByKey.set(seat.key, i));
  const runStart = new Int32Array(n);
  const runEnd = new Int32Array(n);
  const rows: LayoutRow[] = [];
  const sections: LayoutSection[] = [];
  let i = 0;
  while (i < n) {
    const first = seats[i]!;
    let end = i + 1;
    while (end < n && seats[end]!.section === first.section && seats[end]!.row === first.row) end++;
    if (sections.length === 0 || sections[sections.length - 1]!.code !== first.section)
      sections.push({ code: first.section, rowStart: rows.length, rowEnd: rows.length });
    rows.push({ section: first.section, row: first.row, start: i, end });
    const section = sections[sections.length - 1]!;
    sections[sections.length - 1] = { ...section, rowEnd: rows.length };
    const links = rowLinks(seats, i, end);
    let runFirst = i;
    for (let k = i; k < end; k++) {
      runStart[k] = runFirst;
      if (k + 1 === end || !links[k - i]) {
        for (let m = runFirst; m <= k; m++) runEnd[m] = k;
        runFirst = k + 1;
      }
    }
    i = end;
  }
  const byRank = Int32Array.from(seats.keys()).sort(
    (a, b) => seats[a]!.qualityRank - seats[b]!.qualityRank || a - b,
  );
  return { seats, indexByKey, runStart, runEnd, rows, sections, byRank, sectionNames };
};

/** Whether seats (indices) form one block of adjacent seats. */
export const formsOneBlock = (layout: SeatLayout, indices: readonly number[]): boolean => {
  if (indices.length === 0) return false;
  const sorted = [...indices].sort((a, b) => a - b);
  const first = sorted[0]!;
  return sorted.every((index, k) => index === first + k && layout.runStart[index] === layout.runStart[first]);
};
