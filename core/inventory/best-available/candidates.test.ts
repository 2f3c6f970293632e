import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isSellable } from '../seat-status.ts';
import {
  COMPANION_WANTED,
  NOT_WANTED,
  SEAT_WANTED,
  sellableCandidates,
  type SeatKind,
} from './candidates.ts';
import type { BestAvailableRequest, SearchInventory } from './search-input.ts';
import { inventoryArb, requestArb, RULES, ZONES } from './test-venues.ts';

// The oracle reads the seats by key, one at a time, and shares nothing with the rule but the
// seat-status rule.
const RULE_MAP = new Map(RULES.map((rule) => [rule.id, rule]));

const expectedKind = (inventory: SearchInventory, request: BestAvailableRequest, key: string): SeatKind => {
  const live = inventory.seats.find((s) => s.key === key);
  const place = inventory.layout.seats.find((s) => s.key === key)!;
  if (!live || !isSellable(live, request.viewer, RULE_MAP)) return NOT_WANTED;
  const asked = <T>(values: readonly T[] | undefined, value: T) => !values?.length || values.includes(value);
  if (!asked(request.priceLevelIds, live.priceLevelId)) return NOT_WANTED;
  if (!asked(request.zones, ZONES.get(live.priceLevelId) ?? '')) return NOT_WANTED;
  if (!asked(request.sections, place.section)) return NOT_WANTED;
  if (request.accessible) {
    if (place.adaType === request.accessible.type) return SEAT_WANTED;
    return place.adaType === 'Companion' ? COMPANION_WANTED : NOT_WANTED;
  }
  return place.adaType === 'Wheelchair' || place.adaType === 'Companion' ? NOT_WANTED : SEAT_WANTED;
};

describe('best-available candidates', () => {
  test('a seat is free exactly when this caller may sell it, and wanted as the kind the request asks for', () => {
    fc.assert(
      fc.property(inventoryArb, requestArb, (inventory, request) => {
        const c = sellableCandidates(inventory, request);
        inventory.layout.seats.forEach((place, i) => {
          const live = inventory.seats.find((s) => s.key === place.key);
          const free = live !== undefined && isSellable(live, request.viewer, RULE_MAP);
          expect(c.free[i]).toBe(free ? 1 : 0);
          expect(c.kind[i]).toBe(expectedKind(inventory, request, place.key));
          if (free) expect(c.priceLevel[i]).toBe(live.priceLevelId);
        });
      }),
      { numRuns: 300 },
    );
  });

  test('an ordinary search wants the quantity in seats; an accessible one its seats and companions', () => {
    fc.assert(
      fc.property(inventoryArb, requestArb, (inventory, request) => {
        const { need } = sellableCandidates(inventory, request);
        if (request.accessible)
          expect(need).toEqual({
            seats: request.accessible.seats,
            companions: request.accessible.companions,
          });
        else expect(need).toEqual({ seats: request.quantity, companions: 0 });
      }),
      { numRuns: 100 },
    );
  });
});
