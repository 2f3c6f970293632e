import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComp, compMessage, type CompType } from './comp-limit.ts';

const compType = fc.record({
  id: fc.integer({ min: 1, max: 100 }),
  name: fc.constantFrom('House', 'Press', 'Artist'),
  maxCompQuantity: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  isActive: fc.boolean(),
});

describe('comp count against MaxCompQuantity', () => {
  it('an active type comps an order exactly when its tickets are within the limit (none: any number)', () => {
    fc.assert(
      fc.property(compType, fc.integer({ min: 1, max: 50 }), (type: CompType, tickets) => {
        const check = checkComp(type, tickets);
        if (!type.isActive) expect(check).toEqual({ ok: false, reason: 'Inactive' });
        else if (type.maxCompQuantity === null || tickets <= type.maxCompQuantity)
          expect(check).toEqual({ ok: true });
        else {
          expect(check).toEqual({ ok: false, reason: 'TooMany', max: type.maxCompQuantity });
          expect(compMessage(type, check as Exclude<typeof check, { ok: true }>)).toContain(
            String(type.maxCompQuantity),
          );
        }
      }),
    );
  });

  it('the words for the limit', () => {
    const press = { id: 2, name: 'Press', maxCompQuantity: 1, isActive: true };
    const check = checkComp(press, 2);
    expect(check.ok ? '' : compMessage(press, check)).toBe('Press comps are limited to 1 ticket per order.');
  });
});
