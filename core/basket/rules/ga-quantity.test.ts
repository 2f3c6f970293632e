import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gaShortfall } from './ga-quantity.ts';

describe('GA quantities within availability', () => {
  test('capacity minus sold minus live holds is what can still be held', () => {
    const floor = { key: 'FLOOR', capacity: 50, sold: 30, liveHeld: 15 };
    expect(gaShortfall([{ sectionKey: 'FLOOR', quantity: 5 }], [floor])).toEqual([]);
    expect(gaShortfall([{ sectionKey: 'FLOOR', quantity: 6 }], [floor])).toEqual(['FLOOR']);
    expect(gaShortfall([{ sectionKey: 'BALCONY', quantity: 1 }], [floor])).toEqual(['BALCONY']);
  });

  test('requests to one section are summed (two price types cannot overfill it together)', () => {
    const floor = { key: 'FLOOR', capacity: 10, sold: 0, liveHeld: 6 };
    expect(
      gaShortfall(
        [
          { sectionKey: 'FLOOR', quantity: 3 },
          { sectionKey: 'FLOOR', quantity: 2 },
        ],
        [floor],
      ),
    ).toEqual(['FLOOR']);
  });

  test('whatever is accepted keeps held + sold within capacity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 4 }),
        (capacity, soldRaw, heldRaw, quantities) => {
          const sold = Math.min(soldRaw, capacity);
          const liveHeld = Math.min(heldRaw, capacity - sold);
          const requests = quantities.map((quantity) => ({ sectionKey: 'GA', quantity }));
          const short = gaShortfall(requests, [{ key: 'GA', capacity, sold, liveHeld }]);
          const total = quantities.reduce((a, b) => a + b, 0);
          if (short.length === 0) expect(sold + liveHeld + total).toBeLessThanOrEqual(capacity);
          else expect(sold + liveHeld + total).toBeGreaterThan(capacity);
        },
      ),
    );
  });
});
