import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOnSale } from '../basket/rules/sale-rules.ts';
import { isAfterOffSale } from '../catalogue/sale-timing.ts';

// A performance's off-sale instant (set on the edit screen) closes the storefront's sale; the
// counter sells on until the start.

const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((n) => new Date(n));

describe('off sale', () => {
  it('the storefront sells before the off-sale instant and not from it; the counter sells on', () => {
    fc.assert(
      fc.property(instant, instant, (offSaleAt, now) => {
        const event = {
          id: 1,
          startsAt: new Date(Date.UTC(2030, 0, 1)),
          onSaleAt: new Date(Date.UTC(2025, 0, 1)),
          offSaleAt,
          isCancelled: false,
        };
        expect(isAfterOffSale(offSaleAt, now)).toBe(now >= offSaleAt);
        expect(checkOnSale(event, now, false)?.rule ?? null).toBe(now >= offSaleAt ? 'NotOnSale' : null);
        expect(checkOnSale(event, now, false, true)).toBeNull();
      }),
    );
  });

  it('a performance without an off-sale instant sells until it starts', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(isAfterOffSale(null, now)).toBe(false);
        expect(isAfterOffSale(undefined, now)).toBe(false);
      }),
    );
  });
});
