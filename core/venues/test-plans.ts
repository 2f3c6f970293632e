import fc from 'fast-check';
import { sectionCodeFrom } from './seat-plan.ts';

// Generated seat plans for the property tests, written as pretix's JSON and as the CSV. A plan is
// zones of rows of seats, each with its position relative to its parent, as pretix nests them.

export interface ModelSeat {
  readonly guid: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly category: string;
}
export interface ModelRow {
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly seats: readonly ModelSeat[];
}
export interface ModelZone {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly rows: readonly ModelRow[];
}
export interface ModelPlan {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly categories: readonly { readonly name: string; readonly color: string }[];
  readonly zones: readonly ModelZone[];
}

const ZONE_NAMES = [
  'Stalls',
  'Dress Circle',
  'Upper Circle',
  'Boxes',
  'Balcony',
  'Gallery',
  'Parkett',
  'Loge',
];
const CATEGORIES = ['Premium', 'Standard', 'Value', 'Balcony', 'Cat I', 'Cat II'];
const ROWS = 'ABCDEFGHJKLMNOPQ'.split('');

/** Whole numbers, or numbers with fractions too (pretix's schema allows both for positions). */
const coordinate = (max: number, fractions: boolean) =>
  fractions
    ? fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v))
    : fc.integer({ min: 0, max });

/** A valid plan: every seat inside 3,000 x 3,000, unique keys and guids, known categories. */
export const modelPlan = (
  options: { fractions?: boolean; maxZones?: number } = {},
): fc.Arbitrary<ModelPlan> => {
  const fractions = options.fractions ?? true;
  return fc
    .record({
      name: fc.constantFrom('Little Theatre', 'Town Hall', 'Kulturhaus'),
      categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 4 }),
      zones: fc.uniqueArray(
        fc.record({
          name: fc.constantFrom(...ZONE_NAMES),
          x: coordinate(900, fractions),
          y: coordinate(900, fractions),
          rows: fc.uniqueArray(
            fc.record({
              number: fc.constantFrom(...ROWS),
              x: coordinate(900, fractions),
              y: coordinate(900, fractions),
              seats: fc.uniqueArray(
                fc.record({
                  number: fc.integer({ min: 1, max: 40 }).map(String),
                  x: coordinate(900, fractions),
                  y: coordinate(900, fractions),
                  pick: fc.nat(),
                }),
                { minLength: 1, maxLength: 8, selector: (s) => s.number },
              ),
            }),
            { minLength: 1, maxLength: 5, selector: (r) => r.number },
          ),
        }),
        { minLength: 1, maxLength: options.maxZones ?? 4, selector: (z) => z.name },
      ),
    })
    .map(({ name, categories, zones }) => {
      let guid = 0;
      return {
        name,
        width: 3000,
        height: 3000,
        categories: categories.map((c, i) => ({
          name: c,
          color: `#${(0x102030 * (i + 1)).toString(16).padStart(6, '0')}`,
        })),
        zones: zones.map((z) => ({
          ...z,
          rows: z.rows.map((r) => ({
            ...r,
            seats: r.seats.map((s) => ({
              guid: `g-${++guid}`,
              number: s.number,
              x: s.x,
              y: s.y,
              category: categories[s.pick % categories.length]!,
            })),
          })),
        })),
      };
    });
};

/** The plan as pretix publishes it (an object: tests change it, then write it with JSON.stringify). */
export const pretixJsonOf = (plan: ModelPlan) => ({
  name: plan.name,
  categories: plan.categories.map((c) => ({ name: c.name, color: c.color })),
  zones: plan.zones.map((z) => ({
    name: z.name,
    position: { x: z.x, y: z.y },
    rows: z.rows.map((r) => ({
      row_number: r.number,
      position: { x: r.x, y: r.y },
      seats: r.seats.map((s) => ({
        seat_guid: s.guid,
        seat_number: s.number,
        position: { x: s.x, y: s.y },
        category: s.category,
      })),
    })),
    areas: [],
  })),
  size: { width: plan.width, height: plan.height },
});

export const codesOf = (plan: ModelPlan): string[] => {
  const taken = new Set<string>();
  return plan.zones.map((z, i) => {
    const code = sectionCodeFrom(z.name, `ZONE${i + 1}`, taken);
    taken.add(code);
    return code;
  });
};

/** Every seat with its absolute place, as pretix adds them: zone + row + seat. */
export const absoluteSeats = (plan: ModelPlan) => {
  const codes = codesOf(plan);
  return plan.zones.flatMap((z, zi) =>
    z.rows.flatMap((r, ri) =>
      r.seats.map((s, si) => ({
        zi,
        ri,
        si,
        key: `${codes[zi]}-${r.number}-${s.number}`,
        section: codes[zi]!,
        zoneName: z.name,
        row: r.number,
        seat: s,
        x: z.x + r.x + s.x,
        y: z.y + r.y + s.y,
      })),
    ),
  );
};

export const CSV_HEADER = [
  'section',
  'row',
  'seat',
  'x',
  'y',
  'price level',
  'accessible',
  'companion',
  'tags',
  'capacity',
  'section name',
];

/** The same plan as the CSV a spreadsheet would save: absolute places, one line per seat. */
export const csvLinesOf = (plan: ModelPlan): string[][] =>
  absoluteSeats(plan).map((s) => [
    s.section,
    s.row,
    s.seat.number,
    String(s.x),
    String(s.y),
    s.seat.category,
    '',
    '',
    '',
    '',
    s.zoneName,
  ]);

export const csvText = (
  lines: readonly (readonly string[])[],
  separator = ',',
  header = CSV_HEADER,
): string =>
  [header, ...lines]
    .map((line) =>
      line.map((cell) => (/[",;\t\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(separator),
    )
    .join('\n');
