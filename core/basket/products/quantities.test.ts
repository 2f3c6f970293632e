import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { applyProductQuantities, clampQuantity, MAX_PRODUCT_QUANTITY } from './quantities.ts';

const line = (productId: number, quantity: number) => ({
  productId,
  productVariantId: productId * 10,
  quantity,
});

describe('product quantities', () => {
  test('an update sets the quantity; 0 or less takes the product out', () => {
    expect(applyProductQuantities([line(1, 2), line(2, 1)], [line(1, 5), line(2, -3)])).toEqual([line(1, 5)]);
    expect(applyProductQuantities([], [line(3, 1)])).toEqual([line(3, 1)]);
  });

  test('no quantity is ever below 0 or above the cap; products not updated keep theirs', () => {
    const lineArb = fc.record({
      productId: fc.integer({ min: 1, max: 4 }),
      productVariantId: fc.integer({ min: 1, max: 2 }),
      quantity: fc.integer({ min: -1000, max: 1000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(lineArb, { selector: (l) => `${l.productId}|${l.productVariantId}`, maxLength: 6 }),
        fc.array(lineArb, { maxLength: 6 }),
        (current, updates) => {
          const after = applyProductQuantities(current, updates);
          for (const l of after) {
            expect(l.quantity).toBeGreaterThan(0);
            expect(l.quantity).toBeLessThanOrEqual(MAX_PRODUCT_QUANTITY);
          }
          for (const c of current) {
            const updated = updates.filter(
              (u) => u.productId === c.productId && u.productVariantId === c.productVariantId,
            );
            const expected = clampQuantity(updated.length ? updated.at(-1)!.quantity : c.quantity);
            const found = after.find(
              (l) => l.productId === c.productId && l.productVariantId === c.productVariantId,
            );
            expect(found?.quantity ?? 0).toBe(expected);
          }
        },
      ),
    );
  });
});
