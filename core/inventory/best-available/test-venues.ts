import fc from 'fast-check';
import { buildSeatLayout, type LayoutSeat } from '../seat-layout.ts';
import type { EventSeatStatus, HoldSubclassRule, SeatViewer } from '../seat-status.ts';
import type { BestAvailableRequest, LiveSeat, SearchInventory } from './search-input.ts';

// Small random venues and requests for the property tests of the search's stages: a few
// sections of a few rows, every seat with its own quality rank, some seats accessible or taken.

export const RULES: HoldSubclassRule[] = [
  { id: 1, isKill: false, channelCodes: new Set(['web']) },
  { id: 2, isKill: true, channelCodes: new Set(['web']) },
];

export const ZONES = new Map([
  [1, 'A'],
  [2, 'B'],
]);

const seatArb = fc.record({
  status: fc.constantFrom<EventSeatStatus>('Open', 'Open', 'Open', 'Sold', 'Hold'),
  holdSubclassId: fc.constantFrom(1, 2),
  /** One seat in four is in someone's live basket. */
  liveBasketHold: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  adaType: fc.constantFrom(null, null, null, 'Wheelchair', 'Companion', 'AisleTransfer'),
  priceLevelId: fc.constantFrom(1, 2),
  /** One layout seat in ten is not on sale at this event: it has no live seat. */
  offSale: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

/** Sections S0.., rows A.., seats numbered from 1; quality ranks a shuffle of 1..n. */
export const inventoryArb: fc.Arbitrary<SearchInventory> = fc
  .array(fc.array(fc.array(seatArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((sections) => {
    const count = sections.flat(2).length;
    return fc.tuple(
      fc.constant(sections),
      fc.shuffledSubarray([...Array(count).keys()], { minLength: count }),
    );
  })
  .map(([sections, ranks]) => {
    const layoutSeats: LayoutSeat[] = [];
    const live: LiveSeat[] = [];
    sections.forEach((rows, s) =>
      rows.forEach((seats, r) =>
        seats.forEach((seat, k) => {
          const section = `S${s}`;
          const row = String.fromCharCode(65 + r);
          const key = `${section}-${row}-${k + 1}`;
          const n = layoutSeats.length;
          layoutSeats.push({
            key,
            section,
            row,
            number: String(k + 1),
            x: k * 10,
            y: r * 20,
            qualityRank: ranks[n]! + 1,
            adaType: seat.adaType,
          });
          if (seat.offSale) return;
          live.push({
            key,
            priceLevelId: seat.priceLevelId,
            status: seat.status,
            holdSubclassId: seat.status === 'Hold' ? seat.holdSubclassId : null,
            liveBasketHold: seat.liveBasketHold,
          });
        }),
      ),
    );
    return {
      layout: buildSeatLayout(layoutSeats),
      seats: live,
      gaSections: [],
      holdSubclasses: RULES,
      priceLevelZones: ZONES,
    };
  });

const viewerArb: fc.Arbitrary<SeatViewer> = fc.record({
  salesChannel: fc.constantFrom('web', 'boxoffice'),
  isAdminChannel: fc.boolean(),
  holdSubclassIds: fc.subarray([1, 2]).map((ids) => new Set(ids)),
});

/** Any filter may be missing or empty (both mean: any). */
const filterArb = <T>(values: readonly T[]) =>
  fc.oneof(fc.constant(undefined), fc.constant<T[]>([]), fc.subarray([...values], { minLength: 1 }));

export const requestArb: fc.Arbitrary<BestAvailableRequest> = fc.record({
  quantity: fc.integer({ min: 1, max: 6 }),
  viewer: viewerArb,
  priceLevelIds: filterArb([1, 2]),
  zones: filterArb(['A', 'B', 'C']),
  sections: filterArb(['S0', 'S1', 'S2', 'FLOOR', 'PIT']),
  accessible: fc.oneof(
    fc.constant(undefined),
    fc.record({
      type: fc.constantFrom('Wheelchair' as const, 'AisleTransfer' as const),
      seats: fc.integer({ min: 1, max: 2 }),
      companions: fc.integer({ min: 0, max: 1 }),
    }),
  ),
});
