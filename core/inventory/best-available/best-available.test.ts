import { describe, expect, test } from 'vitest';
import { bestAvailable, type BestAvailableRequest } from './best-available.ts';
import { HOLD_SUBCLASS, inventoryOf, web } from './best-available.fixtures.ts';
import { buildSeatLayout } from '../seat-layout.ts';
import { accessibleSearch } from './accessible-search.ts';

// Each stage of the search on a small hand-drawn venue (drawing key in best-available.fixtures.ts).
// The stage is above row A, centred: the middle of row A is the best place in the house.

const GA = [{ key: 'FLOOR', name: 'Floor', priceLevelId: 3, maxAvailable: 5 }];

interface Case {
  readonly name: string;
  readonly drawing: string;
  readonly ask: Partial<BestAvailableRequest>;
  readonly stage: 1 | 2 | 3 | 4 | 5 | null;
  readonly seats: string[];
  readonly together: boolean;
  readonly orphan?: boolean;
  readonly ga?: number;
}

const cases: Case[] = [
  {
    name: 'stage 1: the best block of adjacent seats',
    drawing: `L A ......
              L B ......`,
    ask: { quantity: 2 },
    stage: 1,
    seats: ['L-A-3', 'L-A-4'],
    together: true,
  },
  {
    name: 'stage 1: passes over a closer block that would strand a single seat',
    drawing: `L A x....x
              L B ......`,
    ask: { quantity: 3 },
    stage: 1,
    seats: ['L-B-1', 'L-B-2', 'L-B-3'],
    together: true,
  },
  {
    name: 'stage 1: a block may fill a gap exactly',
    drawing: `L A x...x.
              L B ......`,
    ask: { quantity: 3 },
    stage: 1,
    seats: ['L-A-2', 'L-A-3', 'L-A-4'],
    together: true,
  },
  {
    name: 'stage 2: adjacent seats that strand one, when no clean block exists',
    drawing: `L A x....x
              L B xx.xxx`,
    ask: { quantity: 3 },
    stage: 2,
    // Seats 2 and 5 are as far from the stage; equal distances rank by key.
    seats: ['L-A-2', 'L-A-3', 'L-A-4'],
    together: true,
    orphan: true,
  },
  {
    name: 'stage 3: no block of three, so the best three of one section in the fewest rows',
    drawing: `L A .x.x.x
              L B ..x..x
              R A .x.xxx`,
    ask: { quantity: 3 },
    stage: 3,
    seats: ['L-A-1', 'L-A-3', 'L-A-5'],
    together: false,
  },
  {
    name: 'stage 3: an aisle breaks adjacency even where seat numbers run on',
    drawing: `L A ..|..
              L B xx|xx`,
    ask: { quantity: 4 },
    stage: 3,
    seats: ['L-A-1', 'L-A-2', 'L-A-3', 'L-A-4'],
    together: false,
  },
  {
    name: 'stage 4: across sections when no section has enough',
    drawing: `L A x.xxxx
              R A xxxx.x`,
    ask: { quantity: 2 },
    stage: 4,
    seats: ['L-A-2', 'R-A-5'],
    together: false,
  },
  {
    name: 'stage 5: general admission when the seats cannot take the party',
    drawing: `L A x.xxxx`,
    ask: { quantity: 3 },
    stage: 5,
    seats: [],
    together: true,
    ga: 3,
  },
  {
    name: 'nothing: never fewer seats than asked',
    drawing: `L A x.xxxx`,
    ask: { quantity: 6 },
    stage: null,
    seats: [],
    together: false,
  },
  {
    name: 'sold seats, baskets, holds and kills are never offered',
    drawing: `L A xbhk..`,
    ask: { quantity: 2 },
    stage: 1,
    seats: ['L-A-5', 'L-A-6'],
    together: true,
  },
  {
    name: 'a hold subclass the channel may sell, when asked for',
    drawing: `L A xhhx..`,
    ask: { quantity: 2, viewer: { ...web, holdSubclassIds: new Set([HOLD_SUBCLASS]) } },
    stage: 1,
    seats: ['L-A-2', 'L-A-3'],
    together: true,
  },
  {
    name: 'a price level filter',
    drawing: `L A ......
              L C ......`,
    ask: { quantity: 2, priceLevelIds: [2] },
    stage: 1,
    seats: ['L-C-3', 'L-C-4'],
    together: true,
  },
  {
    name: 'a zone filter reaching general admission',
    drawing: `L A ......`,
    ask: { quantity: 2, zones: ['GA'] },
    stage: 5,
    seats: [],
    together: true,
    ga: 2,
  },
  {
    name: 'a section filter',
    drawing: `L A ......
              R A ......`,
    ask: { quantity: 2, sections: ['R'] },
    stage: 1,
    seats: ['R-A-3', 'R-A-4'],
    together: true,
  },
  {
    name: 'wheelchair spaces and companion seats are left to accessible searches',
    drawing: `L A WC..CW`,
    ask: { quantity: 2 },
    stage: 1,
    seats: ['L-A-3', 'L-A-4'],
    together: true,
  },
  {
    name: 'accessible: a wheelchair space with its companion seat',
    drawing: `L A WC..CW
              L B ......`,
    ask: { accessible: { type: 'Wheelchair', seats: 1, companions: 1 } },
    stage: 1,
    seats: ['L-A-1', 'L-A-2'],
    together: true,
  },
  {
    name: 'accessible: two wheelchair spaces of one row, not side by side',
    drawing: `L A WC..CW`,
    ask: { accessible: { type: 'Wheelchair', seats: 2, companions: 0 } },
    stage: 3,
    seats: ['L-A-1', 'L-A-6'],
    together: false,
  },
  {
    name: 'accessible: aisle transfer seats',
    drawing: `L A T....T`,
    ask: { accessible: { type: 'AisleTransfer', seats: 1, companions: 0 } },
    stage: 1,
    seats: ['L-A-1'],
    together: true,
  },
];

describe('best-available on a hand-drawn venue', () => {
  test.each(cases)('$name', (c) => {
    const result = bestAvailable(inventoryOf(c.drawing, GA), { quantity: 0, viewer: web, ...c.ask });
    expect(result.stage).toBe(c.stage);
    expect(result.seats.map((s) => s.key)).toEqual(c.seats);
    expect(result.together).toBe(c.together);
    expect(result.leavesOrphan).toBe(c.orphan ?? false);
    expect(result.ga?.quantity).toBe(c.ga);
  });

  test('names each seat’s section as the layout names it, or by its code when it has no name', () => {
    const inventory = inventoryOf(`L A ......
                                   R A ......`);
    const named = { ...inventory, layout: buildSeatLayout(inventory.layout.seats, new Map([['L', 'Left']])) };
    const across = bestAvailable(named, { quantity: 12, viewer: web });
    expect(new Set(across.seats.map((s) => `${s.section}: ${s.sectionName}`))).toEqual(
      new Set(['L: Left', 'R: R']),
    );
  });

  test('adjacency: an aisle splits a row into runs although seat numbers run on', () => {
    const { layout } = inventoryOf(`L A ...|...`);
    const runs = layout.seats.map((_, i) => layout.runStart[i]);
    expect(runs).toEqual([0, 0, 0, 3, 3, 3]);
  });

  test('adjacency: seats out of number order, or with a number missing, are not neighbours', () => {
    const seat = (number: string, x: number) => ({
      key: `S-A-${number}`,
      section: 'S',
      row: 'A',
      number,
      x,
      y: 0,
      qualityRank: Number(number) || 99,
      adaType: null,
    });
    const layout = buildSeatLayout([
      seat('3', 20),
      seat('1', 0),
      seat('2', 10),
      seat('5', 30),
      seat('X', 40),
    ]);
    expect(layout.seats.map((s) => s.number)).toEqual(['1', '2', '3', '5', 'X']);
    expect([...layout.runEnd]).toEqual([2, 2, 2, 3, 4]);
  });
});

describe('accessible search limits', () => {
  test.each([
    [
      { seats: 1, companions: 1 },
      { ok: true, seats: 1, companions: 1, trimmed: false },
    ],
    [
      { seats: 2, companions: 0 },
      { ok: true, seats: 2, companions: 0, trimmed: false },
    ],
    [
      { seats: 4, companions: 0 },
      { ok: true, seats: 2, companions: 0, trimmed: true },
    ],
    [
      { seats: 3, companions: 1 },
      { ok: true, seats: 1, companions: 1, trimmed: true },
    ],
    [
      { seats: 1, companions: 2 },
      { ok: true, seats: 1, companions: 1, trimmed: true },
    ],
    [
      { seats: 0, companions: 1 },
      { ok: false, reason: 'CompanionWithoutSeat' },
    ],
    [
      { seats: 0, companions: 0 },
      { ok: false, reason: 'NothingAsked' },
    ],
  ])('%o gives %o', (ask, expected) => {
    expect(accessibleSearch({ type: 'Wheelchair', ...ask })).toMatchObject(expected);
  });
});
