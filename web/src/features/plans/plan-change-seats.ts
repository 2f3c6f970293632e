import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';

// The basket's "Change seats" for a plan's tickets: back to the plan screen for that slot, at the
// plan's seat quantity (/tickets/plans/{code}/{slotId}?seatQty=.., a paired plan's side-by-side
// screen /tickets/pairedplans/{code}?seatQty=..), instead of the performance's plain seat map.

/** The plan slot a performance's basket lines belong to, with the seats held for it; null: none. */
export const planSlotOf = (
  tickets: readonly Pick<TicketItem, 'EventPlanSlotID' | 'Quantity'>[],
): { readonly slotId: number; readonly seatQty: number } | null => {
  const slotId = tickets.find((t) => t.EventPlanSlotID !== null)?.EventPlanSlotID ?? null;
  if (slotId === null) return null;
  const seatQty = tickets.filter((t) => t.EventPlanSlotID === slotId).reduce((sum, t) => sum + t.Quantity, 0);
  return { slotId, seatQty };
};

/** Where a plan slot's seats are changed. */
export const planChangeSeatsPath = (input: {
  readonly planCode: string;
  readonly paired: boolean;
  readonly slotId: number;
  readonly seatQty: number;
}): string => {
  const code = encodeURIComponent(input.planCode);
  const query = input.seatQty > 0 ? `?seatQty=${input.seatQty}` : '';
  return input.paired
    ? `/tickets/pairedplans/${code}${query}`
    : `/tickets/plans/${code}/${input.slotId}${query}`;
};
