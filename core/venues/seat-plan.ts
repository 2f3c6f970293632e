// The seat plan read from a file (core/venues/README.md): one plain value whatever the format,
// pretix's seating-plan JSON (pretix-plan.ts) or a spreadsheet's CSV (csv-plan.ts). Positions are
// absolute, in the plan's own units, x to the right and y down from the top left corner.

export type AccessibleType = 'Wheelchair' | 'Companion' | 'AisleTransfer' | 'HearingLoop';
export const ACCESSIBLE_TYPES: readonly AccessibleType[] = [
  'Wheelchair',
  'Companion',
  'AisleTransfer',
  'HearingLoop',
];

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface PlanSection {
  /** The first part of its seats' keys. */
  readonly code: string;
  readonly name: string;
  /** Set only for a general-admission (standing) section: its places and their price level. */
  readonly generalAdmission: { readonly capacity: number; readonly priceLevel: string } | null;
  /** Where its name is written on the map (a GA section's label is where buyers click). */
  readonly label: Point;
}

export interface PlanSeat {
  /** section-row-seat, unique in the plan. */
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  /** The seat's default price zone: an event prices it at its price level of this name. */
  readonly priceLevel: string;
  readonly accessible: AccessibleType | null;
  /** Notes a buyer is told before taking the seat ("restricted view"); in file order, no repeats. */
  readonly tags: readonly string[];
  /** 1 for the first row of its section as the file lists them, 2 for the next, ... */
  readonly rowIndex: number;
}

/** A price level the plan names (pretix's categories; the CSV's price level column). */
export interface PlanPriceLevel {
  readonly name: string;
  readonly color: string | null;
}

/** Text written on the plan, in absolute position. */
export interface PlanLabel {
  readonly text: string;
  readonly at: Point;
  readonly color: string | null;
  readonly size: number;
}

/**
 * A shape drawn on the background (pretix's areas): a stage, a bar, a standing floor. `origin` is
 * the point it is rotated about (degrees clockwise), as pretix rotates an area about its position.
 */
export type PlanShape = {
  readonly origin: Point;
  readonly rotation: number;
  readonly fill: string | null;
  readonly stroke: string | null;
  readonly label: PlanLabel | null;
} & (
  | { readonly kind: 'rectangle'; readonly width: number; readonly height: number }
  | { readonly kind: 'circle'; readonly radius: number }
  | { readonly kind: 'ellipse'; readonly rx: number; readonly ry: number }
  | { readonly kind: 'polygon'; readonly points: readonly Point[] }
  | { readonly kind: 'text' }
);

export interface SeatPlan {
  readonly format: 'pretix' | 'csv';
  /** pretix's plan name; null for a CSV. */
  readonly name: string | null;
  readonly width: number;
  readonly height: number;
  /** The point seats are ranked by: the stage's middle, else the middle of the plan's top edge. */
  readonly focal: Point;
  readonly focalFrom: 'stage' | 'top edge';
  readonly priceLevels: readonly PlanPriceLevel[];
  readonly sections: readonly PlanSection[];
  readonly seats: readonly PlanSeat[];
  readonly shapes: readonly PlanShape[];
}

/** What is wrong, and where: `line 7`, `zones[0].rows[3].seats[12]`, `file`. */
export interface PlanProblem {
  readonly place: string;
  readonly problem: string;
}

/** At most this many problems are kept; the rest are counted. */
export const PROBLEM_LIMIT = 50;

export type PlanReading =
  | { readonly ok: true; readonly plan: SeatPlan }
  | { readonly ok: false; readonly problems: readonly PlanProblem[]; readonly more: number };

/** Every problem found, in the order found; the first PROBLEM_LIMIT kept, the rest counted. */
export class ProblemList {
  private readonly kept: PlanProblem[] = [];
  private beyond = 0;
  add(place: string, problem: string): void {
    if (this.kept.length < PROBLEM_LIMIT) this.kept.push({ place, problem });
    else this.beyond++;
  }
  get count(): number {
    return this.kept.length + this.beyond;
  }
  failed(): PlanReading {
    return { ok: false, problems: this.kept, more: this.beyond };
  }
}

export const seatKey = (section: string, row: string, seat: string): string => `${section}-${row}-${seat}`;

/** A value as a problem quotes it: `"12a"`, `null`, `an object`. */
export const shown = (value: unknown): string => {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/**
 * A section code from a zone's or an area's name: upper case letters, digits and underscores
 * ("Dress Circle" -> DRESS_CIRCLE), else `fallback`; made unique among `taken` with _2, _3, ...
 */
export const sectionCodeFrom = (name: string, fallback: string, taken: ReadonlySet<string>): string => {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || fallback;
  let code = base;
  for (let n = 2; taken.has(code); n++) code = `${base}_${n}`;
  return code;
};

/** Where a seated section's name goes: centred under its seats, inside the plan. */
export const labelUnder = (seats: readonly Point[], height: number): Point => {
  let minX = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of seats) {
    if (s.x < minX) minX = s.x;
    if (s.x > maxX) maxX = s.x;
    if (s.y > maxY) maxY = s.y;
  }
  if (!Number.isFinite(minX)) return { x: 0, y: 0 };
  return { x: (minX + maxX) / 2, y: Math.max(0, Math.min(height - 8, maxY + 28)) };
};

/** Seats and GA sections of a plan: 0 for both means there is nothing to sell. */
export const hasAnythingToSell = (sections: readonly PlanSection[], seats: readonly PlanSeat[]): boolean =>
  seats.length > 0 || sections.some((s) => s.generalAdmission !== null);
