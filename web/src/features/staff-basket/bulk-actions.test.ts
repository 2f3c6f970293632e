import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BULK_ACTIONS,
  keepPresent,
  offeredBulkActions,
  promotionOverwriteWarning,
  toggleSelection,
  type BulkContext,
} from './bulk-actions.ts';

const context = fc.record<BulkContext>({
  isPlan: fc.boolean(),
  canOverridePrice: fc.boolean(),
  mayBulkEdit: fc.boolean(),
  mayOverridePrice: fc.boolean(),
});

describe('which bulk actions a basket offers', () => {
  it('offers all five to a supervisor on a single-event basket that allows price overrides', () => {
    expect(
      offeredBulkActions({
        isPlan: false,
        canOverridePrice: true,
        mayBulkEdit: true,
        mayOverridePrice: true,
      }),
    ).toEqual([...BULK_ACTIONS]);
  });

  it('never offers Change Promo nor Remove Items on a plan basket', () => {
    fc.assert(
      fc.property(context, (c) => {
        const offered = offeredBulkActions({ ...c, isPlan: true });
        expect(offered).not.toContain('changePromotion');
        expect(offered).not.toContain('removeItems');
      }),
    );
  });

  it('offers Override Price only with the permission and a basket that allows it', () => {
    fc.assert(
      fc.property(context, (c) => {
        expect(offeredBulkActions(c).includes('overridePrice')).toBe(
          c.mayOverridePrice && c.canOverridePrice,
        );
      }),
    );
  });

  it('offers the other edits only with bulkEdit, in the menu order', () => {
    fc.assert(
      fc.property(context, (c) => {
        const offered = offeredBulkActions(c);
        if (!c.mayBulkEdit) expect(offered.filter((a) => a !== 'overridePrice')).toEqual([]);
        else expect(offered).toContain('changePriceType');
        expect(offered).toEqual(BULK_ACTIONS.filter((a) => offered.includes(a)));
      }),
    );
  });
});

describe('the ticked lines', () => {
  const ids = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 15 });

  it('ticks and unticks exactly the lines named', () => {
    fc.assert(
      fc.property(ids, ids, fc.boolean(), (start, change, on) => {
        const next = toggleSelection(new Set(start), change, on);
        for (const id of change) expect(next.has(id)).toBe(on);
        for (const id of start) if (!change.includes(id)) expect(next.has(id)).toBe(true);
      }),
    );
  });

  it('keeps only lines still in the basket, and the same set when none went', () => {
    fc.assert(
      fc.property(ids, ids, (selected, present) => {
        const before = new Set(selected);
        const kept = keepPresent(before, present);
        expect([...kept].every((id) => present.includes(id))).toBe(true);
        expect([...kept].sort()).toEqual(
          selected.filter((id, i) => present.includes(id) && selected.indexOf(id) === i).sort(),
        );
        if (selected.every((id) => present.includes(id))) expect(kept).toBe(before);
      }),
    );
  });
});

describe('the seat-level promotion overwrite warning', () => {
  it('warns when the selected seats carry different promotions, a seat without one included', () => {
    expect(promotionOverwriteWarning([{ PromoCode: 'SPRING' }, { PromoCode: null }])).toBe(true);
    expect(promotionOverwriteWarning([{ PromoCode: 'SPRING' }, { PromoCode: 'FRIENDS' }])).toBe(true);
    expect(promotionOverwriteWarning([{ PromoCode: 'SPRING' }, { PromoCode: 'spring' }])).toBe(false);
    expect(promotionOverwriteWarning([{ PromoCode: null }, { PromoCode: null }])).toBe(false);
    expect(promotionOverwriteWarning([])).toBe(false);
  });

  it('never warns when every seat has the same promotion', () => {
    fc.assert(
      fc.property(
        fc.option(fc.stringMatching(/^[A-Z]{1,8}$/), { nil: null }),
        fc.integer({ min: 1, max: 10 }),
        (code, n) => {
          expect(promotionOverwriteWarning(Array.from({ length: n }, () => ({ PromoCode: code })))).toBe(
            false,
          );
        },
      ),
    );
  });
});
