import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shownPriceTypeId, startPriceChange, type PendingPriceChange } from '../basket/pending-change.ts';

// The bulk Change Price Type shares the lines' one price-type lock (use-bulk-edit.ts): while any
// change is pending another is refused as busy ('There is already a price changed being
// processed.'), and a failed change shows each item's old type again.

const basket = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: ids.length, maxLength: ids.length }),
    ),
  );

describe('the price-type lock for bulk changes', () => {
  it('refuses a bulk change while a line change is pending, whatever it asks', () => {
    fc.assert(
      fc.property(basket, fc.integer({ min: 1, max: 4 }), ([ids, types], priceTypeId) => {
        const items = ids.map((ID, i) => ({ ID, PriceTypeID: types[i] ?? 1 }));
        const line: PendingPriceChange = {
          itemIds: [ids[0] ?? 1],
          priceTypeId: 9,
          previous: new Map([[ids[0] ?? 1, 1]]),
        };
        expect(startPriceChange(line, items, { itemIds: ids, priceTypeId })).toEqual({
          ok: false,
          reason: 'busy',
        });
      }),
    );
  });

  it('shows the new type on the changed lines only while pending, and the old types once it fails', () => {
    fc.assert(
      fc.property(basket, fc.integer({ min: 1, max: 4 }), ([ids, types], priceTypeId) => {
        const items = ids.map((ID, i) => ({ ID, PriceTypeID: types[i] ?? 1 }));
        const started = startPriceChange(null, items, { itemIds: ids, priceTypeId });
        if (!started.ok) {
          expect(items.every((i) => i.PriceTypeID === priceTypeId)).toBe(true);
          return;
        }
        for (const item of items) expect(shownPriceTypeId(item, started.pending)).toBe(priceTypeId);
        // A failure leaves the basket as it was: with the lock released each line shows its own type.
        for (const item of items) {
          expect(shownPriceTypeId(item, null)).toBe(item.PriceTypeID);
          if (started.pending.previous.has(item.ID))
            expect(started.pending.previous.get(item.ID)).toBe(item.PriceTypeID);
        }
      }),
    );
  });
});
