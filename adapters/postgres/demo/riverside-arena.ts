import { circle, polar, rect, ringSegment, svgDocument, text, type Point } from './svg.ts';
import { rankSeats, rowLetter, type AdaType, type PlannedSeat, type VenuePlan } from './venue-plan.ts';

// The benchmark venue: 20,000 seats in the round. Two tiers of 20 sections each (101-120 below,
// 201-220 above), 20 rows of 25 seats per section, around a central stage ringed by a standing
// floor of 2,000.
const SIZE = 4100;
const CENTRE: Point = { x: SIZE / 2, y: SIZE / 2 };
const SECTIONS_PER_TIER = 20;
const ROWS = 20;
const SEATS_PER_ROW = 25;
const ROW_PITCH = 16;
const AISLE_ARC = 40; // the gangway between neighbouring sections, at the tier's front row
const FLOOR_RADIUS = 1050;
const FLOOR_CAPACITY = 2000;

interface Tier {
  readonly first: number; // section number of the first section, clockwise from the north
  readonly radius: number; // of the front row
  readonly zones: readonly [string, string]; // rows A-K, rows L-U
}

const TIERS: readonly Tier[] = [
  { first: 101, radius: 1200, zones: ['A', 'B'] },
  { first: 201, radius: 1620, zones: ['C', 'D'] },
];

// Wheelchair platforms at the back of four lower sections, at both aisles.
const PLATFORM_SECTIONS = [101, 106, 111, 116];
const TRANSFER_SECTIONS = [103, 108, 113, 118];

const WEDGE = (2 * Math.PI) / SECTIONS_PER_TIER;

/** Angle (from straight down, the svg.ts convention) of compass bearing `bearing` clockwise from north. */
const fromNorth = (bearing: number) => Math.PI - bearing;

const adaTypeOf = (section: number, row: number, seat: number): AdaType | null => {
  const aisle = seat === 1 || seat === SEATS_PER_ROW;
  if (PLATFORM_SECTIONS.includes(section) && row === ROWS - 1) {
    if (aisle) return 'Wheelchair';
    if (seat === 2 || seat === SEATS_PER_ROW - 1) return 'Companion';
  }
  if (TRANSFER_SECTIONS.includes(section) && row === 0 && aisle) return 'AisleTransfer';
  return null;
};

const sectionSeats = (tier: Tier, index: number): PlannedSeat[] => {
  const section = tier.first + index;
  const gap = AISLE_ARC / tier.radius;
  const start = index * WEDGE - WEDGE / 2 + gap / 2;
  const step = (WEDGE - gap) / SEATS_PER_ROW;
  const seats: PlannedSeat[] = [];
  for (let row = 0; row < ROWS; row++) {
    const radius = tier.radius + row * ROW_PITCH;
    for (let k = 0; k < SEATS_PER_ROW; k++) {
      // Seats are numbered clockwise, as a guest walking the concourse meets them.
      const p = polar(CENTRE, radius, fromNorth(start + (k + 0.5) * step));
      seats.push({
        section: String(section),
        row: rowLetter(row),
        number: k + 1,
        x: p.x,
        y: p.y,
        zone: tier.zones[row < 10 ? 0 : 1],
        adaType: adaTypeOf(section, row, k + 1),
        alert: null,
        viewFromSeatRow: row + 1,
      });
    }
  }
  return seats;
};

const indices = Array.from({ length: SECTIONS_PER_TIER }, (_, i) => i);

export const riversideArena = (): VenuePlan => {
  const seats = TIERS.flatMap((tier) => indices.flatMap((i) => sectionSeats(tier, i)));
  const labelAt = (tier: Tier, i: number) =>
    polar(CENTRE, tier.radius + ROWS * ROW_PITCH + 45, fromNorth(i * WEDGE));
  const floorLabel: Point = { x: CENTRE.x, y: CENTRE.y + 640 };
  const svg = svgDocument(SIZE, SIZE, 'Riverside Arena: centre stage, standing floor and two seating tiers', [
    rect(0, 0, SIZE, SIZE, 'fill="#f2f4f7"'),
    circle(CENTRE, 2020, 'fill="#e3e7ee" stroke="#b5bfcc" stroke-width="4"'), // concourse
    circle(CENTRE, FLOOR_RADIUS, 'fill="#dfe9f5" stroke="#8fa8c8" stroke-width="4"'),
    text(floorLabel, 'FLOOR (STANDING)', { size: 56, weight: 'bold', fill: '#5b7aa3', spacing: 6 }),
    // The stage in the middle of the floor, with its four runways.
    rect(CENTRE.x - 300, CENTRE.y - 200, 600, 400, 'fill="#2b2d42" stroke="#14151f" stroke-width="4"', 12),
    rect(CENTRE.x - 30, CENTRE.y - 520, 60, 320, 'fill="#2b2d42"'),
    rect(CENTRE.x - 30, CENTRE.y + 200, 60, 320, 'fill="#2b2d42"'),
    text(CENTRE, 'STAGE', { size: 72, weight: 'bold', fill: '#edf2f4', spacing: 12 }),
    ...TIERS.flatMap((tier) =>
      indices.flatMap((i) => {
        const gap = AISLE_ARC / tier.radius;
        const from = i * WEDGE - WEDGE / 2 + gap / 2;
        const to = from + WEDGE - gap;
        const inner = tier.radius - 14;
        const outer = tier.radius + (ROWS - 1) * ROW_PITCH + 14;
        return [
          ringSegment(
            CENTRE,
            inner,
            outer,
            fromNorth(to),
            fromNorth(from),
            'fill="#ffffff" stroke="#9aa5b1" stroke-width="3"',
          ),
          text(labelAt(tier, i), String(tier.first + i), { size: 40, weight: 'bold', fill: '#46505c' }),
        ];
      }),
    ),
    text({ x: 60, y: 80 }, 'RIVERSIDE ARENA', {
      size: 64,
      weight: 'bold',
      fill: '#46505c',
      anchor: 'start',
      spacing: 6,
    }),
    text({ x: 60, y: 150 }, 'Lower tier 101-120 · Upper tier 201-220 · Floor standing', {
      size: 36,
      fill: '#6b7785',
      anchor: 'start',
    }),
  ]);
  return {
    venue: {
      name: 'Riverside Arena',
      displayName: 'Riverside Arena',
      country: 'GB',
      timeZone: 'Europe/London',
      isoCurrencyCode: 'GBP',
      currencyLocale: 'en-gb',
      address: 'Arena Quay, London SE1 9AA',
    },
    configuration: {
      name: 'Centre stage',
      svg,
      width: SIZE,
      height: SIZE,
      focalX: CENTRE.x,
      focalY: CENTRE.y,
    },
    alerts: [],
    sections: [
      ...TIERS.flatMap((tier) =>
        indices.map((i) => {
          const label = labelAt(tier, i);
          const code = String(tier.first + i);
          return {
            code,
            name: `Section ${code}`,
            gaCapacity: null,
            zone: null,
            labelX: label.x,
            labelY: label.y,
          };
        }),
      ),
      {
        code: 'FLOOR',
        name: 'Floor (standing)',
        gaCapacity: FLOOR_CAPACITY,
        zone: 'GA',
        labelX: floorLabel.x,
        labelY: floorLabel.y,
      },
    ],
    seats: rankSeats(seats, CENTRE),
    zones: [
      { zone: 'GA', label: 'Floor', description: 'Standing, around the stage', color: '#7d3c98' },
      { zone: 'A', label: 'Lower tier front', description: 'Sections 101-120, rows A-K', color: '#b03a2e' },
      { zone: 'B', label: 'Lower tier rear', description: 'Sections 101-120, rows L-U', color: '#1f618d' },
      { zone: 'C', label: 'Upper tier front', description: 'Sections 201-220, rows A-K', color: '#1e8449' },
      { zone: 'D', label: 'Upper tier rear', description: 'Sections 201-220, rows L-U', color: '#b9770e' },
    ],
  };
};
