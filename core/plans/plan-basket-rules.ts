import type { PlanSaleClosed } from './plan-sale-window.ts';
import { quantityRange, seatQuantityMessage, type PlanQuantityLimits } from './seat-quantity.ts';

// Whether tickets may join a buyer's plan basket (a plan slot's seats added): the performance
// must be one of the slot's, the seat quantity within the plan's limits, the basket hold only this
// plan's tickets, a slot one performance and, when the plan asks for the same seat quantity, no
// more than that quantity. The first rule broken is answered as data; `describePlanAddProblem`
// words it in English.

/** A ticket of the basket as these rules see it. */
export interface PlanBasketTicket {
  readonly eventId: number;
  /** The plan slot it fills; null: an ordinary ticket. */
  readonly slotId: number | null;
  readonly quantity: number;
}

export interface PlanAddition {
  readonly planId: number;
  /** The plan the basket is tagged with; null: an ordinary basket. */
  readonly basketPlanId: number | null;
  readonly tickets: readonly PlanBasketTicket[];
  readonly limits: PlanQuantityLimits & { readonly requireSameSeatQty: boolean };
  readonly slot: { readonly id: number; readonly name: string; readonly eventIds: readonly number[] };
  readonly eventId: number;
  readonly seatQty: number;
  /** Tickets this addition brings (seats, or GA places). */
  readonly adding: number;
}

export type PlanAddProblem =
  | { readonly rule: 'NotInSlot' }
  | { readonly rule: 'SeatQuantity'; readonly min: number; readonly max: number }
  | { readonly rule: 'OtherTickets' }
  | { readonly rule: 'SlotTaken'; readonly slotName: string }
  | { readonly rule: 'SlotFull'; readonly seatQty: number }
  /** A paired plan's seats taken in another part (paired/add-paired-seats.ts): nothing stays held. */
  | { readonly rule: 'PairTaken'; readonly slotName: string }
  /** Outside the plan's own sale window (plan-sale-window.ts), judged before these rules. */
  | PlanSaleClosed;

/** Refused as unprocessable (the request cannot be right) rather than in conflict with the basket. */
export const isUnprocessable = (problem: PlanAddProblem): boolean =>
  problem.rule === 'NotInSlot' || problem.rule === 'SeatQuantity';

/** The first rule the addition breaks, in the order above; null when it may join. */
export const planAddProblem = (a: PlanAddition): PlanAddProblem | null => {
  if (!a.slot.eventIds.includes(a.eventId)) return { rule: 'NotInSlot' };
  const { min, max } = quantityRange(a.limits);
  if (!Number.isSafeInteger(a.seatQty) || a.seatQty < min || a.seatQty > max)
    return { rule: 'SeatQuantity', min, max };
  if (a.tickets.length > 0 && (a.basketPlanId !== a.planId || a.tickets.some((t) => t.slotId === null)))
    return { rule: 'OtherTickets' };
  const inSlot = a.tickets.filter((t) => t.slotId === a.slot.id);
  if (inSlot.some((t) => t.eventId !== a.eventId)) return { rule: 'SlotTaken', slotName: a.slot.name };
  const held = inSlot.reduce((sum, t) => sum + t.quantity, 0);
  if (a.limits.requireSameSeatQty && held + a.adding > a.seatQty)
    return { rule: 'SlotFull', seatQty: a.seatQty };
  return null;
};

export const describePlanAddProblem = (problem: PlanAddProblem): string => {
  switch (problem.rule) {
    case 'NotInSlot':
      return 'This performance is not part of this plan slot.';
    case 'SeatQuantity':
      return seatQuantityMessage({ minQuantity: problem.min, maxQuantity: problem.max });
    case 'OtherTickets':
      return 'Your basket holds other tickets. Check out or remove them before choosing a plan.';
    case 'SlotTaken':
      return `Remove the seats held for ${problem.slotName} first.`;
    case 'SlotFull':
      return `Choose ${problem.seatQty} ${problem.seatQty === 1 ? 'seat' : 'seats'} for each show of this plan.`;
    case 'PairTaken':
      return `Some of these seats are already taken for ${problem.slotName}. Choose seats free in every part of this plan.`;
    case 'PlanNotOnSale':
      return 'This plan is not on sale yet.';
    case 'PlanOffSale':
      return 'This plan is no longer on sale.';
  }
};

/** A slot of the plan's best available that cannot seat the party (core/plans/best-available.ts). */
export const shortMessage = (slotName: string) => `Not enough seats together for ${slotName}.`;
