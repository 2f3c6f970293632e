import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPriceGrid, gridVersion, MAX_AMOUNT, type PriceGrid } from './price-grid.ts';

const TYPES = [1, 2, 3];
const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

/** A grid over zones A..: a level per zone, any subset of the cells, a fee or two. */
const validGrid: fc.Arbitrary<{ zones: string[]; grid: PriceGrid }> = fc
  .integer({ min: 1, max: 5 })
  .chain((n) => {
    const zones = Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
    const cells = zones.flatMap((zone) => TYPES.map((priceTypeId) => ({ zone, priceTypeId })));
    return fc.record({
      zones: fc.constant(zones),
      grid: fc.record({
        levels: fc.tuple(
          ...zones.map((zone, i) =>
            fc.record({
              zone: fc.constant(zone),
              label: fc.constantFrom('Stalls', 'Circle', 'Box'),
              color: hex,
              displayOrder: fc.constant(i),
            }),
          ),
        ),
        prices: fc
          .subarray(cells)
          .chain((picked) =>
            fc.tuple(
              ...picked.map((c) =>
                fc.integer({ min: 0, max: MAX_AMOUNT }).map((amount) => ({ ...c, amount })),
              ),
            ),
          ),
        fees: fc.array(
          fc.record({
            zone: fc.constantFrom(null, ...zones),
            priceTypeId: fc.constantFrom(null, ...TYPES),
            name: fc.constantFrom('Facility fee', 'Service fee'),
            scope: fc.constant('Ticket' as const),
            amount: fc.integer({ min: 1, max: 1000 }),
            rateBp: fc.integer({ min: 0, max: 10_000 }),
          }),
          { maxLength: 3 },
        ),
      }),
    });
  });

describe('a price grid', () => {
  it('a grid of known zones, known types and amounts of 0 or more is saved as given', () => {
    fc.assert(
      fc.property(validGrid, ({ zones, grid }) => {
        const checked = checkPriceGrid(grid, { zones, priceTypeIds: TYPES, allZones: true });
        expect(checked.ok).toBe(true);
        if (checked.ok) expect(checked.grid.prices).toEqual(grid.prices);
      }),
    );
  });

  it('a negative or fractional amount is refused, naming its cell', () => {
    fc.assert(
      fc.property(
        validGrid.filter(({ grid }) => grid.prices.length > 0),
        fc.nat(),
        fc.oneof(fc.integer({ min: -100_000, max: -1 }), fc.constant(12.5), fc.constant(MAX_AMOUNT + 1)),
        ({ zones, grid }, pick, bad) => {
          const i = pick % grid.prices.length;
          const prices = grid.prices.map((p, j) => (j === i ? { ...p, amount: bad } : p));
          const checked = checkPriceGrid(
            { ...grid, prices },
            { zones, priceTypeIds: TYPES, allZones: false },
          );
          expect(checked).toEqual({
            ok: false,
            problem: { field: `Prices[${i}].Amount`, reason: expect.any(String) },
          });
        },
      ),
    );
  });

  it('a zone the seat map does not have, a zone twice or a price without its level is refused', () => {
    fc.assert(
      fc.property(validGrid, ({ zones, grid }) => {
        const known = { zones, priceTypeIds: TYPES, allZones: false };
        const extra = { zone: 'NOPE', label: 'x', color: '#000000', displayOrder: 9 };
        expect(checkPriceGrid({ ...grid, levels: [...grid.levels, extra] }, known)).toMatchObject({
          ok: false,
          problem: { field: `Levels[${grid.levels.length}].Zone` },
        });
        expect(checkPriceGrid({ ...grid, levels: [...grid.levels, grid.levels[0]!] }, known)).toMatchObject({
          ok: false,
          problem: { field: `Levels[${grid.levels.length}].Zone` },
        });
        const orphan = { zone: zones[0]!, priceTypeId: 1, amount: 100 };
        const withoutFirst = grid.levels.slice(1);
        const checked = checkPriceGrid({ levels: withoutFirst, prices: [orphan], fees: [] }, known);
        expect(checked).toMatchObject({ ok: false, problem: { field: 'Prices[0].Zone' } });
        expect(
          checkPriceGrid({ levels: withoutFirst, prices: [], fees: [] }, { ...known, allZones: true }),
        ).toMatchObject({
          ok: false,
          problem: { field: 'Levels' },
        });
      }),
    );
  });

  it('a colour must be #rrggbb and a level must have a name', () => {
    const known = { zones: ['A'], priceTypeIds: TYPES, allZones: true };
    const level = { zone: 'A', label: 'Stalls', color: '#AbC123', displayOrder: 1 };
    expect(checkPriceGrid({ levels: [level], prices: [], fees: [] }, known)).toMatchObject({
      ok: true,
      grid: { levels: [{ color: '#abc123' }] },
    });
    expect(
      checkPriceGrid({ levels: [{ ...level, color: 'red' }], prices: [], fees: [] }, known),
    ).toMatchObject({
      problem: { field: 'Levels[0].Color' },
    });
    expect(
      checkPriceGrid({ levels: [{ ...level, label: '  ' }], prices: [], fees: [] }, known),
    ).toMatchObject({
      problem: { field: 'Levels[0].Label' },
    });
  });

  it('a fee per order applies to everything, and a fee of nothing is refused', () => {
    const known = { zones: ['A'], priceTypeIds: TYPES, allZones: true };
    const levels = [{ zone: 'A', label: 'Stalls', color: '#abcdef', displayOrder: 1 }];
    const fee = {
      zone: null,
      priceTypeId: null,
      name: 'Handling',
      scope: 'Order' as const,
      amount: 150,
      rateBp: 0,
    };
    expect(checkPriceGrid({ levels, prices: [], fees: [fee] }, known).ok).toBe(true);
    expect(checkPriceGrid({ levels, prices: [], fees: [{ ...fee, zone: 'A' }] }, known)).toMatchObject({
      problem: { field: 'Fees[0].Scope' },
    });
    expect(checkPriceGrid({ levels, prices: [], fees: [{ ...fee, amount: 0 }] }, known)).toMatchObject({
      problem: { field: 'Fees[0].Amount' },
    });
  });

  it("a grid's version ignores the order of its rows and changes with any amount", () => {
    fc.assert(
      fc.property(
        validGrid.filter(({ grid }) => grid.prices.length > 0),
        ({ grid }) => {
          const shuffled = {
            levels: [...grid.levels].reverse(),
            prices: [...grid.prices].reverse(),
            fees: [...grid.fees].reverse(),
          };
          expect(gridVersion(shuffled)).toBe(gridVersion(grid));
          const changed = {
            ...grid,
            prices: grid.prices.map((p, i) =>
              i === 0 ? { ...p, amount: p.amount === 0 ? 1 : p.amount - 1 } : p,
            ),
          };
          expect(gridVersion(changed)).not.toBe(gridVersion(grid));
        },
      ),
    );
  });
});
