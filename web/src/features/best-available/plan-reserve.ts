import type { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import type { PlanReserved } from '../../../../adapters/http/contract/plan-basket.ts';
import { call } from '../../api/api-client.ts';
import { ApiError } from '../../api/api-error.ts';
import { nextStop, type PlanMode } from '../plans/plan-mode.ts';
import { reservePlanBestAvailable } from '../plans/plan-basket-api.ts';
import { fetchPlanCalendar } from '../plans/plans-api.ts';

// Best available opened from a plan (?planCode=..&slotId=..&seatQty=.., the seat map's "Let us
// choose" in plan mode keeps them): the best seats of this performance are held through the
// plan's reserveBestAvailable for its slot alone (POST /api/eventinventory/eventplans/
// reserveBestAvailable, events=[that slot]), so they go into the plan basket for that slot, and
// the results show what the slot now holds. A new search swaps the slot's seats (the server gives
// back what the slot held first); going back gives back the slot's seats only.

/** The slot's seats of the plan's answer, as the results panel shows a single event's reserve. */
export const slotAsBestAvailable = (
  reserved: PlanReserved,
  slotId: number,
  eventId: number,
): { readonly answer: ReservedBestAvailable; readonly itemIds: number[] } => {
  const items = reserved.Basket.TicketItems.filter(
    (i) => i.EventPlanSlotID === slotId && i.EventID === eventId,
  );
  const seats = items.filter((i) => !i.GA);
  const ga = items.find((i) => i.GA);
  const quantity = items.reduce((n, i) => n + i.Quantity, 0);
  return {
    itemIds: items.map((i) => i.ID),
    answer: {
      EventID: eventId,
      Found: quantity > 0,
      Stage: null,
      // The plan's search keeps the party together in every slot, or holds nothing.
      Together: true,
      Quantity: quantity,
      LeavesOrphan: false,
      AccessibleTrimmed: false,
      Seats: seats.map((i) => ({
        Key: i.Key,
        Section: i.Key.split('-')[0] ?? i.Key,
        SectionName: i.Section ?? i.Key,
        Row: i.Row ?? '',
        Seat: i.Seat ?? '',
        PriceKey: String(i.PriceLevelID),
        PriceLevelID: i.PriceLevelID,
      })),
      GASection: ga
        ? {
            Key: ga.Key,
            Name: ga.Section ?? ga.Key,
            PriceKey: String(ga.PriceLevelID),
            PriceLevelID: ga.PriceLevelID,
            Quantity: items.filter((i) => i.GA).reduce((n, i) => n + i.Quantity, 0),
          }
        : null,
      Basket: {
        ID: reserved.Basket.ID,
        SecondsTilExpiration: reserved.Basket.SecondsTilExpiration,
        CurrencyLocale: reserved.Basket.CurrencyLocale,
        // This slot's lines, not the whole plan's.
        Total: items.reduce((n, i) => n + i.LineTotal, 0),
        TicketItems: items,
      },
    },
  };
};

export interface PlanSlotReserve {
  readonly answer: ReservedBestAvailable;
  readonly itemIds: number[];
  /** Where Accept goes: the plan screen, or a paired plan's next part. */
  readonly next: string;
}

/** Holds the best `quantity` seats of the event for the plan's slot; ApiError when it cannot. */
export const reservePlanSlot = async (
  mode: PlanMode,
  eventId: number,
  quantity: number,
): Promise<PlanSlotReserve> => {
  const calendar = await fetchPlanCalendar(mode.planCode);
  const { Plan } = calendar;
  const slotId = mode.slotId ?? Plan.slots.find((s) => s.eventIds.includes(eventId))?.id ?? null;
  if (slotId === null) throw new ApiError(422, 'This performance is not part of this plan slot.');
  const reserved = await reservePlanBestAvailable({
    planId: Plan.id,
    quantity,
    events: [{ eventPlanSlotId: slotId, eventId }],
    salesChannel: 'Web',
  });
  const { answer, itemIds } = slotAsBestAvailable(reserved, slotId, eventId);
  return { answer, itemIds, next: nextStop(calendar, mode, slotId, reserved.Plan) };
};

/** Gives back the slot's seats only (never the rest of the plan basket). */
export const releasePlanSlot = async (itemIds: readonly number[]) => {
  if (itemIds.length === 0) return;
  await call('PUT', '/api/baskets/removeItems', { body: { basketItemIds: itemIds } }).catch(() => undefined);
};
