import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { notThroughPlan } from './add-seats.ts';

describe('notThroughPlan', () => {
  test('refuses exactly an ordinary addition to a plan basket', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1 }), { nil: null }),
        fc.constantFrom(true, false, undefined),
        (eventPlanId, planBasket) => {
          const refusal = notThroughPlan({ eventPlanId }, planBasket);
          expect(refusal !== null).toBe(eventPlanId !== null && planBasket !== true);
          if (refusal) expect(refusal.rule).toBe('PlanBasket');
        },
      ),
    );
  });
});
