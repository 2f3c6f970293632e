import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planSaleClosed } from './plan-sale-window.ts';

const moment = fc.integer({ min: 0, max: 4_000_000_000_000 }).map((ms) => new Date(ms));
const maybe = fc.option(moment, { nil: null });

describe('planSaleClosed', () => {
  test('open exactly inside the window; staff only skip the on-sale date', () => {
    fc.assert(
      fc.property(maybe, maybe, moment, fc.boolean(), (onSaleAt, offSaleAt, now, staff) => {
        const t = now.getTime();
        const afterOff = offSaleAt !== null && t >= offSaleAt.getTime();
        const beforeOn = onSaleAt !== null && t < onSaleAt.getTime();
        const closed = planSaleClosed({ onSaleAt, offSaleAt }, now, staff);
        if (afterOff) expect(closed).toEqual({ rule: 'PlanOffSale' });
        else if (beforeOn && !staff) expect(closed).toEqual({ rule: 'PlanNotOnSale' });
        else expect(closed).toBeNull();
      }),
    );
  });

  test('a plan with no window is always open', () => {
    fc.assert(
      fc.property(moment, fc.boolean(), (now, staff) => {
        expect(planSaleClosed({ onSaleAt: null, offSaleAt: null }, now, staff)).toBeNull();
      }),
    );
  });
});
