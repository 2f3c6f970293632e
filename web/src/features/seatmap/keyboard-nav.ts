// Moving through the map without a mouse: every seat must be reachable by keyboard alone.
// Order: sections as the seat map lists them, rows in their natural order (A, B, ... Z, AA),
// seats by number. Left/right walk a row, up/down step to the nearest seat of the row before or
// after, page up/down jump between sections, Home/End go to the ends of the row.

export interface NavSeat {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: number;
  readonly x: number;
  readonly y: number;
}

export type Move = 'left' | 'right' | 'up' | 'down' | 'previousSection' | 'nextSection' | 'home' | 'end';

export interface NavRow {
  readonly label: string;
  /** Seat indexes (into the seats given) in seat-number order. */
  readonly seats: readonly number[];
}

export interface NavSection {
  readonly code: string;
  readonly rows: readonly NavRow[];
}

export interface Navigation {
  readonly sections: readonly NavSection[];
  /** Seat index -> its place in sections/rows. */
  readonly place: ReadonlyMap<number, { section: number; row: number; position: number }>;
}

// Made on first use (the keyboard's first key, the seat list), not as the map's code loads: a
// page's first collator costs 10-25 ms of the thread that is about to draw the map.
let collator: Intl.Collator | undefined;
const rowCollator = () => (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));

/** Row labels in the order a theatre prints them: shorter first (Z before AA), then by letter or number. */
export const compareRows = (a: string, b: string): number =>
  a.length - b.length || rowCollator().compare(a, b);

export const buildNavigation = (seats: readonly NavSeat[], sectionOrder: readonly string[]): Navigation => {
  const bySection = new Map<string, Map<string, number[]>>();
  seats.forEach((seat, index) => {
    const rows = bySection.get(seat.section) ?? new Map<string, number[]>();
    const row = rows.get(seat.row) ?? [];
    row.push(index);
    rows.set(seat.row, row);
    bySection.set(seat.section, rows);
  });
  const rank = (code: string) => {
    const i = sectionOrder.indexOf(code);
    return i === -1 ? sectionOrder.length : i;
  };
  const codes = [...bySection.keys()].sort((a, b) => rank(a) - rank(b) || rowCollator().compare(a, b));
  const sections: NavSection[] = codes.map((code) => ({
    code,
    rows: [...bySection.get(code)!.entries()]
      .sort(([a], [b]) => compareRows(a, b))
      .map(([label, indexes]) => ({
        label,
        seats: [...indexes].sort((a, b) => seats[a]!.number - seats[b]!.number || seats[a]!.x - seats[b]!.x),
      })),
  }));
  const place = new Map<number, { section: number; row: number; position: number }>();
  sections.forEach((section, s) =>
    section.rows.forEach((row, r) =>
      row.seats.forEach((index, position) => place.set(index, { section: s, row: r, position })),
    ),
  );
  return { sections, place };
};

const nearestIn = (row: NavRow, from: NavSeat, seats: readonly NavSeat[]): number => {
  let best = row.seats[0]!;
  let bestDistance = Infinity;
  for (const index of row.seats) {
    const seat = seats[index]!;
    const d = Math.hypot(seat.x - from.x, seat.y - from.y);
    if (d < bestDistance) {
      best = index;
      bestDistance = d;
    }
  }
  return best;
};

/** The seat index after a move; the first seat of the map when nothing has focus yet. */
export const moveFocus = (
  nav: Navigation,
  seats: readonly NavSeat[],
  current: number | null,
  move: Move,
): number | null => {
  const first = nav.sections[0]?.rows[0]?.seats[0];
  if (first === undefined) return null;
  const at = current === null ? undefined : nav.place.get(current);
  if (!at) return first;
  const section = nav.sections[at.section]!;
  const row = section.rows[at.row]!;
  const from = seats[current!]!;
  switch (move) {
    case 'left':
      return row.seats[Math.max(0, at.position - 1)]!;
    case 'right':
      return row.seats[Math.min(row.seats.length - 1, at.position + 1)]!;
    case 'home':
      return row.seats[0]!;
    case 'end':
      return row.seats[row.seats.length - 1]!;
    case 'up':
      return at.row === 0 ? current : nearestIn(section.rows[at.row - 1]!, from, seats);
    case 'down':
      return at.row === section.rows.length - 1 ? current : nearestIn(section.rows[at.row + 1]!, from, seats);
    case 'previousSection':
      return at.section === 0 ? current : nav.sections[at.section - 1]!.rows[0]!.seats[0]!;
    case 'nextSection':
      return at.section === nav.sections.length - 1
        ? current
        : nav.sections[at.section + 1]!.rows[0]!.seats[0]!;
  }
};

/** The move a key asks for (arrow keys, Page Up/Down, Home/End), else undefined. */
export const moveOfKey = (key: string): Move | undefined =>
  (
    ({
      ArrowLeft: 'left',
      ArrowRight: 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
      PageUp: 'previousSection',
      PageDown: 'nextSection',
      Home: 'home',
      End: 'end',
    }) as Record<string, Move>
  )[key];
