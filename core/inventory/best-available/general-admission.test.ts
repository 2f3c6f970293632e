import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { generalAdmission } from './general-admission.ts';
import type { LiveGaSection, SearchInventory } from './search-input.ts';
import { inventoryArb, requestArb, ZONES } from './test-venues.ts';

const gaArb = fc.array(
  fc.record({
    key: fc.constantFrom('FLOOR', 'PIT', 'LAWN'),
    name: fc.constantFrom('Standing', 'Lawn'),
    priceLevelId: fc.integer({ min: 1, max: 3 }),
    maxAvailable: fc.integer({ min: 0, max: 8 }),
  }),
  { maxLength: 4 },
);

describe('best-available stage 5: general admission', () => {
  test('the first section by key with enough places that matches the filters; never for an accessible search', () => {
    fc.assert(
      fc.property(inventoryArb, gaArb, requestArb, (seated, gaSections, request) => {
        const inventory: SearchInventory = { ...seated, gaSections };
        const asked = <T>(values: readonly T[] | undefined, value: T) =>
          !values?.length || values.includes(value);
        let expected: LiveGaSection | undefined;
        for (const ga of gaSections)
          if (
            ga.maxAvailable >= request.quantity &&
            asked(request.priceLevelIds, ga.priceLevelId) &&
            asked(request.zones, ZONES.get(ga.priceLevelId) ?? '') &&
            asked(request.sections, ga.key) &&
            (!expected || ga.key < expected.key)
          )
            expected = ga;
        const ga = generalAdmission(inventory, request);
        if (request.accessible || !expected) expect(ga).toBeNull();
        else
          expect(ga).toEqual({
            key: expected.key,
            name: expected.name,
            priceLevelId: expected.priceLevelId,
            quantity: request.quantity,
          });
      }),
      { numRuns: 300 },
    );
  });
});
