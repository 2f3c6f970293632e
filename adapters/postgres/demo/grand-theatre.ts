import {
  circle,
  lineTo,
  moveTo,
  arcTo,
  path,
  polar,
  rect,
  ringSegment,
  svgDocument,
  text,
  type Point,
} from './svg.ts';
import { rankSeats, rowLetter, type AdaType, type PlannedSeat, type VenuePlan } from './venue-plan.ts';

// A proscenium house of about 1,600 seats: curved stalls, dress circle and upper circle drawn
// one behind the other (as theatre seat maps do), and four boxes on each side of the stalls.
const WIDTH = 1400;
const HEIGHT = 1760;
// Every row is an arc around one point behind the stage, so rows curve toward the stage.
const ARC_CENTRE: Point = { x: WIDTH / 2, y: -500 };
const STAGE_CENTRE: Point = { x: WIDTH / 2, y: 110 };
const SEAT_PITCH = 21; // along the row
const ROW_PITCH = 30;
const AISLE = 56; // seat centre to seat centre across an aisle

interface Tier {
  readonly code: string;
  readonly name: string;
  readonly firstRadius: number;
  readonly rows: number;
  /** Seats per block (left side, centre, right side) of row `i`. */
  readonly blocks: (i: number) => readonly [number, number, number];
  readonly zone: (i: number, block: number) => string;
}

const TIERS: readonly Tier[] = [
  {
    code: 'STALLS',
    name: 'Stalls',
    firstRadius: 770,
    rows: 20,
    blocks: (i) => [6 + Math.floor(i / 3), 14 + Math.floor(i / 2), 6 + Math.floor(i / 3)],
    // Rows A-B are too close to see the whole stage; the middle rows are the premium ones.
    zone: (i, block) => (i < 2 ? 'B' : i < 6 ? 'A' : i < 12 ? (block === 1 ? 'A' : 'B') : i < 16 ? 'B' : 'C'),
  },
  {
    code: 'DRESS',
    name: 'Dress Circle',
    firstRadius: 1490,
    rows: 10,
    blocks: (i) => [8 + Math.floor(i / 2), 18 + i, 8 + Math.floor(i / 2)],
    zone: (i, block) => (i < 5 ? (block === 1 ? 'A' : 'B') : i < 8 ? 'B' : 'C'),
  },
  {
    code: 'UPPER',
    name: 'Upper Circle',
    firstRadius: 1910,
    rows: 10,
    blocks: (i) => [9 + Math.floor(i / 3), 16 + i, 9 + Math.floor(i / 3)],
    zone: (i) => (i < 4 ? 'C' : 'D'),
  },
];

/** The seat numbers either side of the two aisles of a row: where wheelchair spaces go. */
const aisleSeats = ([left, centre]: readonly [number, number, number]) => [
  left,
  left + 1,
  left + centre,
  left + centre + 1,
];

/** The companion seat sits beside the wheelchair space, away from the aisle. */
const companionOf = (wheelchair: number, blocks: readonly [number, number, number]) => {
  const [left, centre] = blocks;
  return wheelchair === left || wheelchair === left + centre ? wheelchair - 1 : wheelchair + 1;
};

const WHEELCHAIR_ROWS: Readonly<Record<string, readonly number[]>> = { STALLS: [9, 18], DRESS: [0] }; // K, T; A
const AISLE_TRANSFER_ROWS: Readonly<Record<string, readonly number[]>> = { STALLS: [2, 5, 12], DRESS: [3] }; // C, F, N; D

const adaTypeOf = (tier: Tier, i: number, seat: number): AdaType | null => {
  const blocks = tier.blocks(i);
  const aisles = aisleSeats(blocks);
  if (WHEELCHAIR_ROWS[tier.code]?.includes(i)) {
    if (aisles.includes(seat)) return 'Wheelchair';
    if (aisles.some((w) => companionOf(w, blocks) === seat)) return 'Companion';
  }
  if (AISLE_TRANSFER_ROWS[tier.code]?.includes(i) && aisles.includes(seat)) return 'AisleTransfer';
  return null;
};

/** Arc positions (angle from straight down) of the seats of one row, house left first. */
const rowAngles = (radius: number, blocks: readonly number[]) => {
  const offsets: number[] = [];
  let s = 0;
  blocks.forEach((count, b) => {
    if (b > 0) s += AISLE - SEAT_PITCH;
    for (let k = 0; k < count; k++) {
      offsets.push(s);
      s += SEAT_PITCH;
    }
  });
  const length = s - SEAT_PITCH;
  return offsets.map((o) => (o - length / 2) / radius);
};

interface RowShape {
  readonly radius: number;
  readonly first: number; // angle of seat 1
  readonly last: number;
  readonly letter: string;
}

const tierSeats = (tier: Tier) => {
  const seats: PlannedSeat[] = [];
  const rows: RowShape[] = [];
  for (let i = 0; i < tier.rows; i++) {
    const radius = tier.firstRadius + i * ROW_PITCH;
    const blocks = tier.blocks(i);
    const angles = rowAngles(radius, blocks);
    const letter = rowLetter(i);
    angles.forEach((angle, k) => {
      const number = k + 1;
      const block = number <= blocks[0] ? 0 : number <= blocks[0] + blocks[1] ? 1 : 2;
      const p = polar(ARC_CENTRE, radius, angle); // seat 1 is house left: the left of the plan
      // Pillars hold up the roof at the ends of the upper circle's back rows.
      const restricted = tier.code === 'UPPER' && i >= 6 && (number <= 2 || number > angles.length - 2);
      seats.push({
        section: tier.code,
        row: letter,
        number,
        x: p.x,
        y: p.y,
        zone: restricted ? 'D' : tier.zone(i, block),
        adaType: adaTypeOf(tier, i, number),
        alert: restricted ? 'restricted-view' : tier.code === 'UPPER' && i === 0 ? 'limited-legroom' : null,
        viewFromSeatRow: i + 1,
      });
    });
    rows.push({ radius, first: angles[0] ?? 0, last: angles.at(-1) ?? 0, letter });
  }
  return { seats, rows };
};

const BOX_TOP = 300;
const BOX_STEP = 92;
const BOX_LETTERS = ['A', 'B', 'C', 'D'];

/** Four boxes a side, two seats at the rail and two behind them (whose view is cut off). */
const boxSeats = (code: 'BOXL' | 'BOXR'): PlannedSeat[] => {
  const side = code === 'BOXL' ? 1 : -1;
  const railX = code === 'BOXL' ? 152 : WIDTH - 152;
  return BOX_LETTERS.flatMap((row, b) =>
    [1, 2, 3, 4].map((number) => {
      const rear = number > 2;
      return {
        section: code,
        row,
        number,
        x: railX - (rear ? 30 * side : 0),
        y: BOX_TOP + b * BOX_STEP + 16 + ((number - 1) % 2) * 28,
        zone: rear ? 'C' : 'A',
        adaType: null,
        alert: rear ? 'restricted-view' : null,
        viewFromSeatRow: rear ? 2 : 1,
      };
    }),
  );
};

/** Outline following the ends of the rows, padded so seats sit inside it. */
const tierOutline = (rows: readonly RowShape[]) => {
  const pad = 30;
  const front = rows[0];
  const back = rows.at(-1);
  if (!front || !back) return '';
  const inner = front.radius - pad;
  const outer = back.radius + pad;
  const edge = (row: RowShape, side: 'first' | 'last', r = row.radius) =>
    polar(ARC_CENTRE, r, side === 'first' ? row.first - pad / r : row.last + pad / r);
  return path(
    [
      moveTo(edge(front, 'first', inner)),
      arcTo(inner, edge(front, 'last', inner), false),
      ...rows.map((row) => lineTo(edge(row, 'last'))),
      lineTo(edge(back, 'last', outer)),
      arcTo(outer, edge(back, 'first', outer), true),
      ...[...rows].reverse().map((row) => lineTo(edge(row, 'first'))),
      'Z',
    ],
    'fill="#ece6da" stroke="#b8ab93" stroke-width="2"',
  );
};

const rowLabels = (rows: readonly RowShape[]) =>
  rows.flatMap((row) => {
    const offset = 18 / row.radius;
    return [
      text(polar(ARC_CENTRE, row.radius, row.first - offset), row.letter, { size: 11, fill: '#8a7f6c' }),
      text(polar(ARC_CENTRE, row.radius, row.last + offset), row.letter, { size: 11, fill: '#8a7f6c' }),
    ];
  });

export const grandTheatre = (): VenuePlan => {
  const tiers = TIERS.map((tier) => ({ tier, ...tierSeats(tier) }));
  const seats = [...tiers.flatMap((t) => t.seats), ...boxSeats('BOXL'), ...boxSeats('BOXR')];
  const labelOf = (rows: readonly RowShape[]) => ({
    x: WIDTH / 2,
    y: ARC_CENTRE.y + (rows.at(-1)?.radius ?? 0) + 50,
  });
  const sectionLabel = (rows: readonly RowShape[]) => {
    const at = labelOf(rows);
    return { labelX: at.x, labelY: at.y };
  };
  const stageSide = Math.asin(280 / 690);
  const svg = svgDocument(WIDTH, HEIGHT, 'Grand Theatre: stalls, dress circle, upper circle and boxes', [
    rect(0, 0, WIDTH, HEIGHT, 'fill="#faf7f0"'),
    // The stage, its apron curving toward the audience, and the orchestra pit in front of it.
    path(
      [
        moveTo({ x: 420, y: 20 }),
        lineTo({ x: 980, y: 20 }),
        lineTo(polar(ARC_CENTRE, 690, stageSide)),
        arcTo(690, polar(ARC_CENTRE, 690, -stageSide), true),
        'Z',
      ],
      'fill="#3b2f2a" stroke="#241c18" stroke-width="3"',
    ),
    text(STAGE_CENTRE, 'STAGE', { size: 34, weight: 'bold', fill: '#f5e9d0', spacing: 8 }),
    ringSegment(ARC_CENTRE, 700, 742, -0.42, 0.42, 'fill="#d9d2c3" stroke="#b8ab93" stroke-width="1.5"'),
    text({ x: WIDTH / 2, y: 222 }, 'Orchestra pit', { size: 13, fill: '#7b705e' }),
    ...tiers.flatMap(({ tier, rows }) => [
      tierOutline(rows),
      ...rowLabels(rows),
      text(labelOf(rows), tier.name.toUpperCase(), { size: 24, weight: 'bold', fill: '#6b5f4b', spacing: 4 }),
    ]),
    ...(['BOXL', 'BOXR'] as const).flatMap((code) => {
      const x = code === 'BOXL' ? 92 : WIDTH - 184;
      return BOX_LETTERS.flatMap((letter, b) => [
        rect(x, BOX_TOP + b * BOX_STEP, 92, 72, 'fill="#e5dccb" stroke="#b8ab93" stroke-width="2"', 6),
        text({ x: code === 'BOXL' ? 60 : WIDTH - 60, y: BOX_TOP + b * BOX_STEP + 36 }, `Box ${letter}`, {
          size: 12,
          fill: '#8a7f6c',
        }),
      ]);
    }),
    text({ x: 138, y: BOX_TOP - 30 }, 'BOXES', { size: 16, weight: 'bold', fill: '#6b5f4b', spacing: 3 }),
    text({ x: WIDTH - 138, y: BOX_TOP - 30 }, 'BOXES', {
      size: 16,
      weight: 'bold',
      fill: '#6b5f4b',
      spacing: 3,
    }),
    // Exits at the back corners of each level help people place themselves on the plan.
    ...[880, 1300, 1720].flatMap((y) => [
      text({ x: 60, y }, 'EXIT', { size: 12, weight: 'bold', fill: '#2e7d32' }),
      text({ x: WIDTH - 60, y }, 'EXIT', { size: 12, weight: 'bold', fill: '#2e7d32' }),
    ]),
    circle(STAGE_CENTRE, 4, 'fill="#f5e9d0"'),
  ]);
  const stallsRows = tiers[0]?.rows ?? [];
  const dressRows = tiers[1]?.rows ?? [];
  const upperRows = tiers[2]?.rows ?? [];
  return {
    venue: {
      name: 'Grand Theatre',
      displayName: 'The Grand Theatre',
      country: 'US',
      timeZone: 'America/New_York',
      isoCurrencyCode: 'USD',
      currencyLocale: 'en-us',
      address: '1 Foyer Plaza, New York, NY 10036',
    },
    configuration: {
      name: 'Proscenium',
      svg,
      width: WIDTH,
      height: HEIGHT,
      focalX: STAGE_CENTRE.x,
      focalY: STAGE_CENTRE.y,
    },
    alerts: [
      {
        key: 'restricted-view',
        name: 'Restricted view',
        message: 'Part of the stage is hidden from this seat by a pillar or the side of the box.',
        requiresAcknowledgement: true,
      },
      {
        key: 'limited-legroom',
        name: 'Limited legroom',
        message: 'The front row of the upper circle has less legroom than other rows.',
        requiresAcknowledgement: false,
      },
    ],
    sections: [
      { code: 'STALLS', name: 'Stalls', gaCapacity: null, zone: null, ...sectionLabel(stallsRows) },
      { code: 'DRESS', name: 'Dress Circle', gaCapacity: null, zone: null, ...sectionLabel(dressRows) },
      { code: 'UPPER', name: 'Upper Circle', gaCapacity: null, zone: null, ...sectionLabel(upperRows) },
      { code: 'BOXL', name: 'Boxes (left)', gaCapacity: null, zone: null, labelX: 138, labelY: BOX_TOP - 30 },
      {
        code: 'BOXR',
        name: 'Boxes (right)',
        gaCapacity: null,
        zone: null,
        labelX: WIDTH - 138,
        labelY: BOX_TOP - 30,
      },
    ],
    seats: rankSeats(seats, STAGE_CENTRE, (seat) => (seat.alert === 'restricted-view' ? 1.4 : 1)),
    zones: [
      { zone: 'A', label: 'Premium', description: 'Centre stalls and front dress circle', color: '#b03a2e' },
      { zone: 'B', label: 'Standard', description: 'Stalls and dress circle', color: '#1f618d' },
      {
        zone: 'C',
        label: 'Value',
        description: 'Rear stalls, rear dress circle and front upper circle',
        color: '#1e8449',
      },
      {
        zone: 'D',
        label: 'Balcony',
        description: 'Upper circle and restricted-view seats',
        color: '#b9770e',
      },
    ],
  };
};
