import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_QUANTITY } from '../basket/products/quantities.ts';
import { holdQuantityProblem, stockProblem, takeFromStock } from './product-stock.ts';

describe('taking product stock', () => {
  it('never leaves stock below zero, and what was taken plus what is left is the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 99 })),
        (initial, asks) => {
          let stock = initial;
          let taken = 0;
          for (const q of asks) {
            const d = takeFromStock(stock, q);
            expect(d.ok).toBe(q <= stock);
            if (d.ok) {
              stock = d.stock!;
              taken += q;
            } else expect(d.available).toBe(stock);
            expect(stock).toBeGreaterThanOrEqual(0);
          }
          expect(taken + stock).toBe(initial);
        },
      ),
    );
  });

  it('sells without limit a variant whose stock is not counted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (q) => {
        expect(takeFromStock(null, q)).toEqual({ ok: true, stock: null });
      }),
    );
  });

  it('accepts the quantities a basket accepts, and a stock of 0 or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 200 }), fc.boolean(), (q, zero) => {
        expect(holdQuantityProblem(q, zero) === null).toBe(q >= (zero ? 0 : 1) && q <= MAX_PRODUCT_QUANTITY);
      }),
    );
    expect(holdQuantityProblem(1.5, true)).toBe('The quantity must be a whole number from 0 to 99; got 1.5.');
    expect(stockProblem(null)).toBeNull();
    expect(stockProblem(-1)).toMatch(/from 0 to 1000000/);
  });
});
