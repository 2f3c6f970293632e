// When a plan's basket may check out: enough slots filled and not too many, every required slot
// filled, when the plan asks for the same seat quantity, each filled slot at that quantity and,
// for a paired plan (its parts seen in the same seats), each filled part in the first part's seats.
// The answer is every problem found, as data (the rule and the slot), so the basket page can name
// each one; no problem means the plan may check out.

export interface PlanCheckoutRules {
  /** Fewest filled slots a purchase needs; absent: 1 (a plan with nothing in it buys nothing). */
  readonly minSlotsForPurchase?: number | null;
  /** Most filled slots a purchase may have; absent: every slot of the plan. */
  readonly maxSlotsForPurchase?: number | null;
  readonly requireSameSeatQty: boolean;
  /** The plan's same seat quantity in force (core/plans/seat-quantity.ts). */
  readonly seatQuantity: number;
  /** A paired plan: every filled slot holds the same seats (keys, GA places by section). */
  readonly sameSeats?: boolean;
}

export interface PlanSlotState {
  readonly slotId: number;
  readonly required: boolean;
  /** Seats of this slot in the basket; 0: the slot is not filled. */
  readonly quantity: number;
  /** The seat keys held (a GA section's key once per place); judged with `sameSeats` only. */
  readonly seatKeys?: readonly string[];
}

export type PlanCheckoutProblem =
  | { readonly rule: 'TooFewSlots'; readonly filled: number; readonly min: number }
  | { readonly rule: 'TooManySlots'; readonly filled: number; readonly max: number }
  | { readonly rule: 'RequiredSlotEmpty'; readonly slotId: number }
  | {
      readonly rule: 'SeatQuantityDiffers';
      readonly slotId: number;
      readonly quantity: number;
      readonly expected: number;
    }
  /** A paired plan's part whose seats are not the first filled part's (`pairedWith`). */
  | { readonly rule: 'SeatsDiffer'; readonly slotId: number; readonly pairedWith: number };

/** The slot counts a plan allows, its absent or nonsensical limits read as documented above. */
export const slotRange = (rules: PlanCheckoutRules, slotCount: number): { min: number; max: number } => {
  const whole = (v: number | null | undefined) =>
    v === null || v === undefined || !Number.isFinite(v) ? null : Math.max(0, Math.floor(v));
  const min = Math.max(1, whole(rules.minSlotsForPurchase) ?? 1);
  const max = whole(rules.maxSlotsForPurchase) ?? slotCount;
  return { min, max };
};

/** Every reason the plan may not check out yet, in the plan's slot order; [] when it may. */
export const planCheckoutProblems = (
  rules: PlanCheckoutRules,
  slots: readonly PlanSlotState[],
): PlanCheckoutProblem[] => {
  const problems: PlanCheckoutProblem[] = [];
  const filled = slots.filter((s) => s.quantity > 0);
  const { min, max } = slotRange(rules, slots.length);
  if (filled.length < min) problems.push({ rule: 'TooFewSlots', filled: filled.length, min });
  if (filled.length > max) problems.push({ rule: 'TooManySlots', filled: filled.length, max });
  for (const slot of slots) {
    if (slot.required && slot.quantity <= 0)
      problems.push({ rule: 'RequiredSlotEmpty', slotId: slot.slotId });
    if (rules.requireSameSeatQty && slot.quantity > 0 && slot.quantity !== rules.seatQuantity)
      problems.push({
        rule: 'SeatQuantityDiffers',
        slotId: slot.slotId,
        quantity: slot.quantity,
        expected: rules.seatQuantity,
      });
  }
  if (rules.sameSeats && filled.length > 1) {
    const [first, ...rest] = filled;
    const seats = seatMultiset(first!.seatKeys);
    for (const slot of rest)
      if (seatMultiset(slot.seatKeys) !== seats)
        problems.push({ rule: 'SeatsDiffer', slotId: slot.slotId, pairedWith: first!.slotId });
  }
  return problems;
};

/** The seats as one comparable text: the keys sorted, so order never matters, repeats do. */
const seatMultiset = (keys: readonly string[] | undefined): string =>
  JSON.stringify([...(keys ?? [])].sort());

/** The problem in the buyer's words (English; the screens may word it through core/i18n). */
export const describeCheckoutProblem = (
  problem: PlanCheckoutProblem,
  slotName: (slotId: number) => string,
): string => {
  switch (problem.rule) {
    case 'TooFewSlots':
      return `Choose at least ${problem.min} ${problem.min === 1 ? 'event' : 'events'} of this plan (${problem.filled} chosen).`;
    case 'TooManySlots':
      return `Choose at most ${problem.max} ${problem.max === 1 ? 'event' : 'events'} of this plan (${problem.filled} chosen).`;
    case 'RequiredSlotEmpty':
      return `${slotName(problem.slotId)} is required: choose an event for it.`;
    case 'SeatQuantityDiffers':
      return `${slotName(problem.slotId)} has ${problem.quantity} seats; every event of this plan needs ${problem.expected}.`;
    case 'SeatsDiffer':
      return `${slotName(problem.slotId)} holds other seats than ${slotName(problem.pairedWith)}: every part of this plan must have the same seats.`;
  }
};
