import type { PlanSlotRecord } from '../ports.ts';

// A paired plan's parts are sold in the same seats: seats chosen for one part are held in each
// other part too. Which performance each other part uses: the one the plan basket already holds
// for it, else its first performance on sale now, Active, with places left (as the plan's best
// available picks, search-plan-best-available.ts); null when it has none to sell.

export interface PartnerPart {
  readonly slotId: number;
  readonly slotName: string;
  readonly eventId: number | null;
}

/** The slot's first performance on sale now, Active, with places left; null: none. */
export const sellingNow = (slot: PlanSlotRecord, now: Date): number | null =>
  slot.events.find((e) => e.status === 'Active' && e.onSaleAt <= now && e.startsAt > now && e.places.open > 0)
    ?.id ?? null;

/** The other parts of a paired plan than `chosenSlotId`, in the plan's order. */
export const partnerParts = (
  slots: readonly PlanSlotRecord[],
  chosenSlotId: number,
  held: readonly { readonly eventId: number; readonly eventPlanSlotId?: number | null }[],
  now: Date,
): PartnerPart[] =>
  slots
    .filter((slot) => slot.id !== chosenSlotId)
    .map((slot) => {
      const heldEvent = held.find((t) => t.eventPlanSlotId === slot.id)?.eventId;
      return { slotId: slot.id, slotName: slot.name, eventId: heldEvent ?? sellingNow(slot, now) };
    });
