import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planChangeSeatsPath, planSlotOf } from './plan-change-seats.ts';

describe("the basket's Change seats of a plan's tickets", () => {
  it('finds the slot and the seats held for it; none for tickets of no plan', () => {
    expect(planSlotOf([{ EventPlanSlotID: null, Quantity: 2 }])).toBeNull();
    expect(
      planSlotOf([
        { EventPlanSlotID: 7, Quantity: 1 },
        { EventPlanSlotID: 7, Quantity: 2 },
      ]),
    ).toEqual({ slotId: 7, seatQty: 3 });
  });

  it('goes to the plan screen focused on the slot, a paired plan to its side-by-side screen', () => {
    expect(planChangeSeatsPath({ planCode: 'SEASON3', paired: false, slotId: 7, seatQty: 2 })).toBe(
      '/tickets/plans/SEASON3/7?seatQty=2',
    );
    expect(planChangeSeatsPath({ planCode: 'WINTER PASS', paired: true, slotId: 7, seatQty: 2 })).toBe(
      '/tickets/pairedplans/WINTER%20PASS?seatQty=2',
    );
  });

  it('carries the seat quantity held and never the plain seat map', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9 _&-]{1,12}$/),
        fc.boolean(),
        fc.integer({ min: 1, max: 99_999 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 8 }),
        (planCode, paired, slotId, quantities) => {
          const slot = planSlotOf(quantities.map((Quantity) => ({ EventPlanSlotID: slotId, Quantity })))!;
          const path = new URL(planChangeSeatsPath({ planCode, paired, ...slot }), 'http://x');
          expect(path.searchParams.get('seatQty')).toBe(String(quantities.reduce((a, b) => a + b, 0)));
          expect(path.pathname.startsWith(paired ? '/tickets/pairedplans/' : '/tickets/plans/')).toBe(true);
          expect(decodeURIComponent(path.pathname.split('/')[3]!)).toBe(planCode);
          if (!paired) expect(path.pathname.endsWith(`/${slotId}`)).toBe(true);
        },
      ),
    );
  });
});
