import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeCheckoutProblem,
  planCheckoutProblems,
  slotRange,
  type PlanCheckoutRules,
  type PlanSlotState,
} from './checkout-rules.ts';

const slotsArb = fc
  .array(fc.record({ required: fc.boolean(), quantity: fc.integer({ min: 0, max: 6 }) }), { maxLength: 8 })
  .map((slots): PlanSlotState[] => slots.map((s, i) => ({ ...s, slotId: 100 + i })));
const rulesArb: fc.Arbitrary<PlanCheckoutRules> = fc.record({
  minSlotsForPurchase: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  maxSlotsForPurchase: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  requireSameSeatQty: fc.boolean(),
  seatQuantity: fc.integer({ min: 1, max: 6 }),
});

/** The rule as the plan states it, written independently of the implementation. */
const mayCheckOut = (rules: PlanCheckoutRules, slots: readonly PlanSlotState[]) => {
  const filled = slots.filter((s) => s.quantity > 0);
  const min = Math.max(1, rules.minSlotsForPurchase ?? 1);
  const max = rules.maxSlotsForPurchase ?? slots.length;
  return (
    filled.length >= min &&
    filled.length <= max &&
    slots.every((s) => !s.required || s.quantity > 0) &&
    (!rules.requireSameSeatQty || filled.every((s) => s.quantity === rules.seatQuantity))
  );
};

describe('whether a plan may check out', () => {
  it('has no problem exactly when the plan rule holds', () => {
    fc.assert(
      fc.property(rulesArb, slotsArb, (rules, slots) => {
        expect(planCheckoutProblems(rules, slots).length === 0).toBe(mayCheckOut(rules, slots));
      }),
    );
  });

  it('names each empty required slot and each filled slot at another quantity, once', () => {
    fc.assert(
      fc.property(rulesArb, slotsArb, (rules, slots) => {
        const problems = planCheckoutProblems(rules, slots);
        const empty = problems.flatMap((p) => (p.rule === 'RequiredSlotEmpty' ? [p.slotId] : []));
        expect(empty).toEqual(slots.filter((s) => s.required && s.quantity === 0).map((s) => s.slotId));
        const differing = problems.flatMap((p) => (p.rule === 'SeatQuantityDiffers' ? [p] : []));
        const expected = rules.requireSameSeatQty
          ? slots.filter((s) => s.quantity > 0 && s.quantity !== rules.seatQuantity)
          : [];
        expect(differing).toEqual(
          expected.map((s) => ({
            rule: 'SeatQuantityDiffers',
            slotId: s.slotId,
            quantity: s.quantity,
            expected: rules.seatQuantity,
          })),
        );
      }),
    );
  });

  it('reports the slot count against the limits it broke', () => {
    fc.assert(
      fc.property(rulesArb, slotsArb, (rules, slots) => {
        const filled = slots.filter((s) => s.quantity > 0).length;
        const { min, max } = slotRange(rules, slots.length);
        const problems = planCheckoutProblems(rules, slots);
        expect(problems.some((p) => p.rule === 'TooFewSlots')).toBe(filled < min);
        expect(problems.some((p) => p.rule === 'TooManySlots')).toBe(filled > max);
      }),
    );
  });

  it('lets a paired plan check out only when every filled part holds the same seats', () => {
    const keyArb = fc.constantFrom('STALLS-A-1', 'STALLS-A-2', 'STALLS-B-7', 'CIRCLE-C-3', 'GA-FLOOR');
    const partsArb = fc
      .array(
        fc.record({
          required: fc.boolean(),
          seatKeys: fc.oneof(fc.array(keyArb, { maxLength: 4 }), fc.constant(['STALLS-A-1', 'STALLS-A-2'])),
        }),
        { minLength: 1, maxLength: 4 },
      )
      .map((parts): PlanSlotState[] =>
        parts.map((p, i) => ({ ...p, slotId: 200 + i, quantity: p.seatKeys.length })),
      );
    fc.assert(
      fc.property(rulesArb, partsArb, fc.boolean(), (rules, parts, shuffle) => {
        // The same seats in another order are the same seats.
        const slots = shuffle ? parts.map((p) => ({ ...p, seatKeys: [...p.seatKeys!].reverse() })) : parts;
        const paired = { ...rules, sameSeats: true };
        const filled = slots.filter((s) => s.quantity > 0);
        const same = (a: readonly string[], b: readonly string[]) =>
          a.length === b.length &&
          a.every((k) => a.filter((x) => x === k).length === b.filter((x) => x === k).length);
        const differing = filled.slice(1).filter((s) => !same(s.seatKeys!, filled[0]!.seatKeys!));
        const problems = planCheckoutProblems(paired, slots);
        expect(problems.filter((p) => p.rule === 'SeatsDiffer')).toEqual(
          differing.map((s) => ({ rule: 'SeatsDiffer', slotId: s.slotId, pairedWith: filled[0]!.slotId })),
        );
        expect(problems.length === 0).toBe(mayCheckOut(rules, slots) && differing.length === 0);
        // A plan that is not paired never judges the seats.
        expect(planCheckoutProblems(rules, slots).some((p) => p.rule === 'SeatsDiffer')).toBe(false);
      }),
    );
  });

  it('words a split pair with both parts named', () => {
    const problems = planCheckoutProblems({ requireSameSeatQty: true, seatQuantity: 2, sameSeats: true }, [
      { slotId: 1, required: true, quantity: 2, seatKeys: ['STALLS-O-13', 'STALLS-O-14'] },
      { slotId: 2, required: true, quantity: 2, seatKeys: ['STALLS-A-9', 'STALLS-A-10'] },
    ]);
    const names = (id: number) => (id === 1 ? 'Part One' : 'Part Two');
    expect(problems.map((p) => describeCheckoutProblem(p, names))).toEqual([
      'Part Two holds other seats than Part One: every part of this plan must have the same seats.',
    ]);
  });

  it('words each problem with the slot name', () => {
    const rules = {
      minSlotsForPurchase: 3,
      maxSlotsForPurchase: 3,
      requireSameSeatQty: true,
      seatQuantity: 2,
    };
    const slots = [
      { slotId: 1, required: true, quantity: 0 },
      { slotId: 2, required: false, quantity: 4 },
    ];
    const names = (id: number) => `Slot ${id}`;
    expect(planCheckoutProblems(rules, slots).map((p) => describeCheckoutProblem(p, names))).toEqual([
      'Choose at least 3 events of this plan (1 chosen).',
      'Slot 1 is required: choose an event for it.',
      'Slot 2 has 4 seats; every event of this plan needs 2.',
    ]);
  });
});
