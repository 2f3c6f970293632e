import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PriceGrid } from '../../../../adapters/http/contract/performances.ts';
import { cellId, draftOf, gridOfDraft, UNNAMED_COLOR } from './price-grid-draft.ts';

const TYPES = [1, 2];
const grid: fc.Arbitrary<{ zones: string[]; grid: PriceGrid }> = fc
  .uniqueArray(fc.constantFrom('A', 'B', 'C', 'GA'), { minLength: 1 })
  .chain((zones) =>
    fc.record({
      zones: fc.constant(zones),
      grid: fc.record({
        Levels: fc.constant(
          zones.map((z, i) => ({ Zone: z, Label: `Level ${z}`, Color: '#123456', DisplayOrder: i + 1 })),
        ),
        Prices: fc
          .subarray(zones.flatMap((z) => TYPES.map((t) => ({ Zone: z, PriceTypeID: t }))))
          .chain((cells) =>
            fc.tuple(
              ...cells.map((c) => fc.integer({ min: 0, max: 9_999_999 }).map((Amount) => ({ ...c, Amount }))),
            ),
          ),
        Fees: fc.array(
          fc.record({
            Zone: fc.constant(null),
            PriceTypeID: fc.constant(null),
            Name: fc.constant('Facility fee'),
            Scope: fc.constant('Ticket' as const),
            Amount: fc.integer({ min: 1, max: 999 }),
            RateBp: fc.integer({ min: 0, max: 10_000 }),
          }),
          { maxLength: 2 },
        ),
      }),
    }),
  );

describe('the price grid on screen', () => {
  it('saves what it loaded, unchanged, in any currency locale', () => {
    fc.assert(
      fc.property(grid, fc.constantFrom('en-us', 'fr-fr', 'de-de'), ({ zones, grid }, locale) => {
        const saved = gridOfDraft(draftOf(grid, zones, locale), TYPES, locale);
        expect(saved.ok).toBe(true);
        if (!saved.ok) return;
        const cells = (g: PriceGrid) => g.Prices.map((p) => `${p.Zone}/${p.PriceTypeID}/${p.Amount}`).sort();
        expect(cells(saved.grid)).toEqual(cells(grid));
        expect(saved.grid.Fees.map((f) => [f.Amount, f.RateBp])).toEqual(
          grid.Fees.map((f) => [f.Amount, f.RateBp]),
        );
      }),
    );
  });

  it('names the box that cannot be read, and saves nothing', () => {
    const draft = draftOf({ Levels: [], Prices: [], Fees: [] }, ['A'], 'en-us');
    const typed = { ...draft, cells: { 'A|2': '12,5x' } };
    expect(gridOfDraft(typed, TYPES, 'en-us')).toEqual({ ok: false, problems: [[cellId('A', 2), 'amount']] });
  });
  it('gives zones without a level distinct colours from the seat maps palette, never grey', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Z]{1,4}$/), { minLength: 1, maxLength: 12 }),
        (zones) => {
          const draft = draftOf({ Levels: [], Prices: [], Fees: [] }, zones, 'en-us');
          const colours = draft.levels.map((l) => l.color);
          expect(new Set(colours).size).toBe(zones.length);
          expect(colours).not.toContain(UNNAMED_COLOR);
        },
      ),
    );
  });
});
