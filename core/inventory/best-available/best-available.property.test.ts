import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  bestAvailable,
  type BestAvailableRequest,
  type LiveSeat,
  type SearchInventory,
} from './best-available.ts';
import { buildSeatLayout, type LayoutSeat } from '../seat-layout.ts';
import { isSellable, type EventSeatStatus, type HoldSubclassRule, type SeatViewer } from '../seat-status.ts';

// What a buyer may rely on from best-available, checked against brute-force oracles that share
// nothing with the search but the seat-status rule: the oracles know adjacency from how the venue
// was generated.

const RULES: HoldSubclassRule[] = [
  { id: 1, isKill: false, channelCodes: new Set(['web']) },
  { id: 2, isKill: true, channelCodes: new Set(['web']) },
  { id: 3, isKill: false, channelCodes: new Set(['boxoffice']) },
];
const RULE_MAP = new Map(RULES.map((r) => [r.id, r]));

interface GenSeat {
  readonly layout: LayoutSeat;
  readonly live: LiveSeat;
  /** Index of the seat in its row, and whether an aisle separates it from the previous one. */
  readonly position: number;
  readonly afterAisle: boolean;
}

const stateArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constant({ status: 'Open' as EventSeatStatus, holdSubclassId: null, live: false }),
  },
  {
    weight: 3,
    arbitrary: fc.constant({ status: 'Sold' as EventSeatStatus, holdSubclassId: null, live: false }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ status: 'Open' as EventSeatStatus, holdSubclassId: null, live: true }),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 3 })
      .map((id) => ({ status: 'Hold' as EventSeatStatus, holdSubclassId: id, live: false })),
  },
);

const adaArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('Wheelchair', 'Companion', 'AisleTransfer') },
);

const rowArb = fc.record({
  states: fc.array(fc.tuple(stateArb, adaArb, fc.integer({ min: 1, max: 2 })), {
    minLength: 1,
    maxLength: 9,
  }),
  // At most one aisle, and only in rows long enough that the usual pitch is the median gap.
  aisle: fc.integer({ min: 0, max: 8 }),
});

const venueArb = fc
  .array(fc.array(rowArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
  .chain((sections) => {
    const count = sections.flat().reduce((n, row) => n + row.states.length, 0);
    return fc.tuple(
      fc.constant(sections),
      fc.shuffledSubarray([...Array(count).keys()], { minLength: count }),
    );
  })
  .map(([sections, ranks]) => {
    const seats: GenSeat[] = [];
    sections.forEach((rows, s) =>
      rows.forEach((row, r) => {
        const aisleAt =
          row.states.length >= 4 && row.aisle > 0 && row.aisle < row.states.length ? row.aisle : -1;
        let x = 0;
        row.states.forEach(([state, ada, level], k) => {
          if (k === aisleAt) x += 20;
          const section = `S${s}`;
          const rowName = String.fromCharCode(65 + r);
          const key = `${section}-${rowName}-${k + 1}`;
          seats.push({
            layout: {
              key,
              section,
              row: rowName,
              number: String(k + 1),
              x,
              y: r * 20,
              qualityRank: ranks[seats.length]! + 1,
              adaType: ada,
            },
            live: {
              key,
              priceLevelId: level,
              status: state.status,
              holdSubclassId: state.holdSubclassId,
              liveBasketHold: state.live,
            },
            position: k,
            afterAisle: k === aisleAt,
          });
          x += 10;
        });
      }),
    );
    return seats;
  });

const viewerArb: fc.Arbitrary<SeatViewer> = fc.record({
  salesChannel: fc.constantFrom('web', 'boxoffice'),
  isAdminChannel: fc.boolean(),
  holdSubclassIds: fc.subarray([1, 2, 3]).map((ids) => new Set(ids)),
});

const requestArb = fc.record({
  quantity: fc.integer({ min: 1, max: 6 }),
  viewer: viewerArb,
  priceLevelIds: fc.oneof(fc.constant<number[]>([]), fc.subarray([1, 2], { minLength: 1 })),
});

const gaArb = fc.array(
  fc.record({
    key: fc.constantFrom('FLOOR', 'PIT'),
    name: fc.constant('Standing'),
    priceLevelId: fc.integer({ min: 1, max: 2 }),
    maxAvailable: fc.integer({ min: 0, max: 6 }),
  }),
  { maxLength: 2 },
);

const inventoryOf = (seats: readonly GenSeat[], ga: SearchInventory['gaSections'] = []): SearchInventory => ({
  layout: buildSeatLayout(seats.map((s) => s.layout)),
  seats: seats.map((s) => s.live),
  gaSections: ga,
  holdSubclasses: RULES,
  priceLevelZones: new Map([
    [1, 'A'],
    [2, 'B'],
  ]),
});

// Oracles.
const sellable = (seat: GenSeat, viewer: SeatViewer) => isSellable(seat.live, viewer, RULE_MAP);
const candidate = (seat: GenSeat, request: BestAvailableRequest) =>
  sellable(seat, request.viewer) &&
  (!request.priceLevelIds?.length || request.priceLevelIds.includes(seat.live.priceLevelId)) &&
  seat.layout.adaType !== 'Wheelchair' &&
  seat.layout.adaType !== 'Companion';

/** Rows in seat order, as the generator made them. */
const rowsOf = (seats: readonly GenSeat[]) => {
  const rows = new Map<string, GenSeat[]>();
  for (const seat of seats) {
    const id = `${seat.layout.section}-${seat.layout.row}`;
    rows.set(id, [...(rows.get(id) ?? []), seat]);
  }
  return [...rows.values()];
};

interface OracleBlock {
  readonly keys: string[];
  readonly score: number;
  readonly orphan: boolean;
}

/** Every block of `size` adjacent candidate seats, with whether it strands a single free seat. */
const blocksOf = (seats: readonly GenSeat[], request: BestAvailableRequest, size: number): OracleBlock[] => {
  const blocks: OracleBlock[] = [];
  for (const row of rowsOf(seats)) {
    for (let start = 0; start + size <= row.length; start++) {
      const block = row.slice(start, start + size);
      if (!block.every((s) => candidate(s, request))) continue;
      if (block.some((s, k) => k > 0 && s.afterAisle)) continue;
      const free = (i: number) => i >= 0 && i < row.length && sellable(row[i]!, request.viewer);
      const linked = (a: number, b: number) => a >= 0 && b < row.length && !row[b]!.afterAisle; // b = a + 1
      const stranded = (i: number, away: number, inner: number) =>
        free(i) &&
        linked(Math.min(i, inner), Math.max(i, inner)) &&
        !(free(away) && linked(Math.min(i, away), Math.max(i, away)));
      const left = start - 1;
      const right = start + size;
      blocks.push({
        keys: block.map((s) => s.layout.key),
        score: block.reduce((sum, s) => sum + s.layout.qualityRank, 0),
        orphan: stranded(left, left - 1, start) || stranded(right, right + 1, right - 1),
      });
    }
  }
  return blocks;
};

const shuffledArb = <T>(items: readonly T[]) => fc.shuffledSubarray([...items], { minLength: items.length });

const RUNS = { numRuns: 400 };

describe('best-available properties', () => {
  test('never returns a seat the caller may not sell (sold, in a basket, held, killed)', () => {
    fc.assert(
      fc.property(venueArb, requestArb, (seats, request) => {
        const result = bestAvailable(inventoryOf(seats), request);
        const byKey = new Map(seats.map((s) => [s.layout.key, s]));
        for (const picked of result.seats)
          expect(sellable(byKey.get(picked.key)!, request.viewer)).toBe(true);
      }),
      RUNS,
    );
  });

  test('returns exactly the quantity asked, or nothing only when it is impossible', () => {
    fc.assert(
      fc.property(venueArb, requestArb, gaArb, (seats, request, ga) => {
        const result = bestAvailable(inventoryOf(seats, ga), request);
        const candidates = seats.filter((s) => candidate(s, request)).length;
        const gaFits = ga.some(
          (g) =>
            g.maxAvailable >= request.quantity &&
            (!request.priceLevelIds.length || request.priceLevelIds.includes(g.priceLevelId)),
        );
        if (result.stage === null) {
          expect(candidates).toBeLessThan(request.quantity);
          expect(gaFits).toBe(false);
        } else if (result.stage === 5) {
          expect(result.ga?.quantity).toBe(request.quantity);
          expect(candidates).toBeLessThan(request.quantity);
        } else {
          expect(new Set(result.seats.map((s) => s.key)).size).toBe(request.quantity);
          expect(result.seats).toHaveLength(request.quantity);
        }
      }),
      RUNS,
    );
  });

  test('keeps to the price levels asked for', () => {
    fc.assert(
      fc.property(venueArb, requestArb, (seats, request) => {
        const result = bestAvailable(inventoryOf(seats), request);
        for (const seat of result.seats)
          if (request.priceLevelIds.length) expect(request.priceLevelIds).toContain(seat.priceLevelId);
      }),
      RUNS,
    );
  });

  test('returns adjacent seats whenever adjacent seats exist', () => {
    fc.assert(
      fc.property(venueArb, requestArb, (seats, request) => {
        const result = bestAvailable(inventoryOf(seats), request);
        const blocks = blocksOf(seats, request, request.quantity);
        if (blocks.length > 0) {
          expect(result.together).toBe(true);
          expect(blocks.map((b) => b.keys)).toContainEqual(result.seats.map((s) => s.key));
        } else expect(result.stage === null || result.stage >= 3).toBe(true);
      }),
      RUNS,
    );
  });

  test('never leaves an orphan when an orphan-free block existed, and picks the best such block', () => {
    fc.assert(
      fc.property(venueArb, requestArb, (seats, request) => {
        const result = bestAvailable(inventoryOf(seats), request);
        const blocks = blocksOf(seats, request, request.quantity);
        const clean = blocks.filter((b) => !b.orphan);
        if (clean.length > 0) {
          expect(result.stage).toBe(1);
          expect(result.leavesOrphan).toBe(false);
          const best = Math.min(...clean.map((b) => b.score));
          expect(result.seats.reduce((sum, s) => sum + s.qualityRank, 0)).toBe(best);
        } else if (blocks.length > 0) {
          expect(result.stage).toBe(2);
          expect(result.leavesOrphan).toBe(true);
          expect(result.seats.reduce((sum, s) => sum + s.qualityRank, 0)).toBe(
            Math.min(...blocks.map((b) => b.score)),
          );
        }
      }),
      RUNS,
    );
  });

  test('stage 3 keeps the party in one section, in as few rows as that section allows', () => {
    fc.assert(
      fc.property(venueArb, requestArb, (seats, request) => {
        const result = bestAvailable(inventoryOf(seats), request);
        if (result.stage !== 3) return;
        const sections = new Set(result.seats.map((s) => s.section));
        expect(sections.size).toBe(1);
        const rowsUsed = new Set(result.seats.map((s) => s.row)).size;
        // No section can seat the party in fewer rows: fill rows greedily, biggest first.
        for (const section of new Set(seats.map((s) => s.layout.section))) {
          const perRow = rowsOf(seats.filter((s) => s.layout.section === section))
            .map((row) => row.filter((s) => candidate(s, request)).length)
            .sort((a, b) => b - a);
          let seated = 0;
          let rows = 0;
          for (const count of perRow) {
            if (seated >= request.quantity) break;
            seated += count;
            rows++;
          }
          if (seated >= request.quantity) expect(rowsUsed).toBeLessThanOrEqual(rows);
        }
      }),
      RUNS,
    );
  });

  test('is deterministic: the same inventory in any order gives the same answer', () => {
    fc.assert(
      fc.property(
        venueArb.chain((seats) => fc.tuple(fc.constant(seats), shuffledArb(seats), shuffledArb(seats))),
        requestArb,
        ([seats, layoutOrder, liveOrder], request) => {
          const first = bestAvailable(inventoryOf(seats), request);
          const again = bestAvailable(inventoryOf(seats), request);
          const reordered = bestAvailable(
            {
              ...inventoryOf(seats),
              layout: buildSeatLayout(layoutOrder.map((s) => s.layout)),
              seats: liveOrder.map((s) => s.live),
            },
            request,
          );
          expect(again).toEqual(first);
          expect(reordered).toEqual(first);
        },
      ),
      RUNS,
    );
  });

  test('an accessible search returns exactly the accessible seats and companions asked for', () => {
    fc.assert(
      fc.property(
        venueArb,
        viewerArb,
        fc.constantFrom('Wheelchair' as const, 'AisleTransfer' as const),
        fc.integer({ min: 1, max: 2 }),
        (seats, viewer, type, accessible) => {
          const companions = accessible === 1 ? 1 : 0;
          const result = bestAvailable(inventoryOf(seats), {
            quantity: 0,
            viewer,
            accessible: { type, seats: accessible, companions },
          });
          if (result.stage === null) return;
          expect(result.ga).toBeNull();
          expect(result.seats.filter((s) => s.adaType === type)).toHaveLength(accessible);
          expect(result.seats.filter((s) => s.adaType === 'Companion')).toHaveLength(companions);
          expect(result.seats).toHaveLength(accessible + companions);
        },
      ),
      RUNS,
    );
  });

  test('searches sharing one read answer as if each had its own, taken seats as if sold', () => {
    fc.assert(
      fc.property(
        venueArb.chain((seats) =>
          fc.tuple(
            fc.constant(seats),
            fc.array(fc.subarray(seats.map((s) => s.layout.key)), { minLength: 1, maxLength: 4 }),
          ),
        ),
        fc.array(requestArb, { minLength: 1, maxLength: 4 }),
        ([seats, takenSets], requests) => {
          // One inventory (one read of the event) for every search, as the reserve call shares it.
          const shared = inventoryOf(seats);
          for (const taken of takenSets)
            for (const request of requests) {
              // Repeated keys too: the reserve call passes the seats it lost and the claimed ones.
              const result = bestAvailable(shared, { ...request, unavailableKeys: [...taken, ...taken] });
              const sold = new Set(taken);
              const own = inventoryOf(
                seats.map((s) =>
                  sold.has(s.layout.key)
                    ? { ...s, live: { ...s.live, status: 'Sold' as EventSeatStatus, liveBasketHold: false } }
                    : s,
                ),
              );
              expect(result).toEqual(bestAvailable(own, request));
              expect(bestAvailable(shared, request)).toEqual(bestAvailable(inventoryOf(seats), request));
            }
        },
      ),
      RUNS,
    );
  });

  test('seats asked to be treated as taken are never returned', () => {
    fc.assert(
      fc.property(
        venueArb.chain((seats) => fc.tuple(fc.constant(seats), fc.subarray(seats.map((s) => s.layout.key)))),
        requestArb,
        ([seats, taken], request) => {
          const result = bestAvailable(inventoryOf(seats), { ...request, unavailableKeys: new Set(taken) });
          for (const seat of result.seats) expect(taken).not.toContain(seat.key);
        },
      ),
      RUNS,
    );
  });
});
