import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownPriceTypeId, startPriceChange, type PendingPriceChange } from './pending-change.ts';

const items = [
  { ID: 1, PriceTypeID: 1 },
  { ID: 2, PriceTypeID: 1 },
  { ID: 3, PriceTypeID: 2 },
];

describe('one price-type change at a time', () => {
  it('starts a change and shows the new type on its items only', () => {
    const result = startPriceChange(null, items, { itemIds: [1], priceTypeId: 2 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(items.map((i) => shownPriceTypeId(i, result.pending))).toEqual([2, 1, 2]);
  });

  it('refuses a second change while the first is pending, and allows it once settled', () => {
    const first = startPriceChange(null, items, { itemIds: [1], priceTypeId: 2 });
    if (!first.ok) throw new Error('first change refused');
    expect(startPriceChange(first.pending, items, { itemIds: [2], priceTypeId: 3 })).toEqual({
      ok: false,
      reason: 'busy',
    });
    expect(startPriceChange(null, items, { itemIds: [2], priceTypeId: 3 }).ok).toBe(true);
  });

  it('does nothing for a change to the type an item already has', () => {
    expect(startPriceChange(null, items, { itemIds: [3], priceTypeId: 2 })).toEqual({
      ok: false,
      reason: 'unchanged',
    });
  });

  it('restores exactly the changed items’ old types after a failure, for any change', () => {
    const anyItems = fc.uniqueArray(
      fc.record({ ID: fc.integer({ min: 1, max: 50 }), PriceTypeID: fc.integer({ min: 1, max: 4 }) }),
      { selector: (i) => i.ID, minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(anyItems, fc.integer({ min: 1, max: 4 }), fc.func(fc.boolean()), (list, type, pick) => {
        const ids = list.filter((i) => pick(i.ID)).map((i) => i.ID);
        const result = startPriceChange(null, list, { itemIds: ids, priceTypeId: type });
        if (!result.ok) {
          expect(list.filter((i) => ids.includes(i.ID)).every((i) => i.PriceTypeID === type)).toBe(true);
          return;
        }
        const pending: PendingPriceChange = result.pending;
        // While pending, the picked items show the new type and no other item moves.
        for (const i of list)
          expect(shownPriceTypeId(i, pending)).toBe(ids.includes(i.ID) ? type : i.PriceTypeID);
        // What a failure restores is exactly each changed item's old type.
        expect([...pending.previous]).toEqual(
          list.filter((i) => ids.includes(i.ID) && i.PriceTypeID !== type).map((i) => [i.ID, i.PriceTypeID]),
        );
        // Once settled (pending cleared), a failed change shows every item as it was.
        for (const i of list) expect(shownPriceTypeId(i, null)).toBe(i.PriceTypeID);
      }),
    );
  });
});
