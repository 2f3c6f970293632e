import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { acrossSections } from './across-sections.ts';
import { COMPANION_WANTED, NOT_WANTED, SEAT_WANTED, type Candidates } from './candidates.ts';
import { inventoryArb } from './test-venues.ts';

// Stage 4 over any marking of the seats: the oracle sorts each kind by quality rank on its own.

const markedArb = inventoryArb.chain((inventory) =>
  fc.tuple(
    fc.constant(inventory.layout),
    fc.array(fc.constantFrom(NOT_WANTED, SEAT_WANTED, SEAT_WANTED, COMPANION_WANTED), {
      minLength: inventory.layout.seats.length,
      maxLength: inventory.layout.seats.length,
    }),
    fc
      .record({ seats: fc.integer({ min: 0, max: 5 }), companions: fc.integer({ min: 0, max: 2 }) })
      .filter((need) => need.seats + need.companions > 0),
  ),
);

describe('best-available stage 4: across sections', () => {
  test('takes the best-ranked seats and companions wherever they are, or nothing when too few exist', () => {
    fc.assert(
      fc.property(markedArb, ([layout, kinds, need]) => {
        const n = layout.seats.length;
        const c: Candidates = {
          free: new Uint8Array(kinds.map((k) => (k === NOT_WANTED ? 0 : 1))),
          kind: Uint8Array.from(kinds),
          priceLevel: new Int32Array(n),
          need,
        };
        const bestOf = (kind: number, count: number) => {
          const ofKind = [...Array(n).keys()].filter((i) => kinds[i] === kind);
          ofKind.sort((a, b) => layout.seats[a]!.qualityRank - layout.seats[b]!.qualityRank);
          return ofKind.length < count ? null : ofKind.slice(0, count);
        };
        const seats = bestOf(SEAT_WANTED, need.seats);
        const companions = bestOf(COMPANION_WANTED, need.companions);
        const taken = acrossSections(layout, c);
        if (!seats || !companions) expect(taken).toBeNull();
        else
          expect([...taken!].sort((a, b) => a - b)).toEqual([...seats, ...companions].sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });
});
