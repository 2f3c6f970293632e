import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describePlanAddProblem,
  isUnprocessable,
  planAddProblem,
  type PlanAddition,
  type PlanBasketTicket,
} from './plan-basket-rules.ts';

const PLAN = 7;
const SLOT = 100;
const EVENTS = [1, 2, 3, 4];

const ticketArb: fc.Arbitrary<PlanBasketTicket> = fc.record({
  eventId: fc.constantFrom(...EVENTS),
  slotId: fc.option(fc.constantFrom(SLOT, SLOT + 1, SLOT + 2), { nil: null }),
  quantity: fc.integer({ min: 1, max: 4 }),
});

const additionArb: fc.Arbitrary<PlanAddition> = fc.record({
  planId: fc.constant(PLAN),
  basketPlanId: fc.option(fc.constantFrom(PLAN, PLAN + 1), { nil: null }),
  tickets: fc.array(ticketArb, { maxLength: 6 }),
  limits: fc.record({
    minQuantity: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    maxQuantity: fc.option(fc.integer({ min: 4, max: 8 }), { nil: null }),
    requireSameSeatQty: fc.boolean(),
  }),
  slot: fc.record({
    id: fc.constant(SLOT),
    name: fc.constantFrom('A play', 'An epic'),
    eventIds: fc.subarray(EVENTS, { minLength: 1 }),
  }),
  eventId: fc.constantFrom(...EVENTS),
  seatQty: fc.integer({ min: 0, max: 14 }),
  adding: fc.integer({ min: 1, max: 8 }),
});

/** The plan's rules as its screens state them, written independently of the implementation. */
const mayJoin = (a: PlanAddition) => {
  const min = a.limits.minQuantity ?? 1;
  const max = Math.max(min, a.limits.maxQuantity ?? 12);
  const onlyThisPlan =
    a.tickets.length === 0 || (a.basketPlanId === a.planId && a.tickets.every((t) => t.slotId !== null));
  const slotTickets = a.tickets.filter((t) => t.slotId === SLOT);
  return (
    a.slot.eventIds.includes(a.eventId) &&
    a.seatQty >= min &&
    a.seatQty <= max &&
    onlyThisPlan &&
    slotTickets.every((t) => t.eventId === a.eventId) &&
    (!a.limits.requireSameSeatQty || slotTickets.reduce((n, t) => n + t.quantity, 0) + a.adding <= a.seatQty)
  );
};

describe('whether tickets may join a plan basket', () => {
  it('joins exactly when every plan rule holds', () => {
    fc.assert(
      fc.property(additionArb, (a) => {
        expect(planAddProblem(a) === null).toBe(mayJoin(a));
      }),
    );
  });

  it('a request that cannot be right is unprocessable whatever the basket holds', () => {
    fc.assert(
      fc.property(additionArb, fc.array(ticketArb, { maxLength: 6 }), (a, other) => {
        const problem = planAddProblem(a);
        if (problem && isUnprocessable(problem))
          expect(planAddProblem({ ...a, tickets: other, basketPlanId: null })).toEqual(problem);
      }),
    );
  });

  it('an empty basket refuses only what is wrong with the request itself', () => {
    fc.assert(
      fc.property(additionArb, (a) => {
        const problem = planAddProblem({ ...a, tickets: [] });
        if (problem && !isUnprocessable(problem)) expect(problem.rule).toBe('SlotFull');
        if (problem?.rule === 'SlotFull') expect(a.adding).toBeGreaterThan(a.seatQty);
      }),
    );
  });

  it('words each refusal in the plan screens’ English', () => {
    expect(describePlanAddProblem({ rule: 'NotInSlot' })).toBe(
      'This performance is not part of this plan slot.',
    );
    expect(describePlanAddProblem({ rule: 'SeatQuantity', min: 2, max: 6 })).toBe(
      'Minimum guest quantity is 2 and maximum guest quantity is 6.',
    );
    expect(describePlanAddProblem({ rule: 'OtherTickets' })).toBe(
      'Your basket holds other tickets. Check out or remove them before choosing a plan.',
    );
    expect(describePlanAddProblem({ rule: 'SlotTaken', slotName: 'A play' })).toBe(
      'Remove the seats held for A play first.',
    );
    expect(describePlanAddProblem({ rule: 'SlotFull', seatQty: 2 })).toBe(
      'Choose 2 seats for each show of this plan.',
    );
    expect(describePlanAddProblem({ rule: 'SlotFull', seatQty: 1 })).toBe(
      'Choose 1 seat for each show of this plan.',
    );
    expect(describePlanAddProblem({ rule: 'PairTaken', slotName: 'Part Two' })).toBe(
      'Some of these seats are already taken for Part Two. Choose seats free in every part of this plan.',
    );
  });
});
