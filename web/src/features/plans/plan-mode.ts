import type { BasketItemRequest } from '../../../../adapters/http/contract/basket.ts';
import type { PlanBasketView } from '../../../../adapters/http/contract/plan-basket.ts';
import type { PlanCalendar } from '../../../../adapters/http/contract/plans.ts';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.ts';
import type { GaPick, SelectedSeat } from '../seatmap/selection.ts';
import { addToPlanBasket, fetchPlanBasket } from './plan-basket-api.ts';
import { isBuyable, slotIdOf } from './plan-purchase.ts';
import { fetchPlanCalendar } from './plans-api.ts';

// The seat map (and its GA picker) in plan mode: opened from a plan screen with
// ?planCode=..&slotId=..&seatQty=.. (and isPaired=true for a paired plan's parts), it holds at
// most seatQty seats, adds them to the plan basket (POST /api/baskets/eventplans/additems) and
// goes back to the plan screen, or on to the next part of a paired plan.

export interface PlanMode {
  readonly planCode: string;
  readonly slotId: number | null;
  readonly seatQty: number | null;
  readonly paired: boolean;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** The plan mode of a seat map's query; null: an ordinary seat map. */
export const planModeOf = (search: Readonly<Record<string, unknown>>): PlanMode | null => {
  const planCode = text(search.planCode);
  if (!planCode) return null;
  const seatQty = text(search.seatQty);
  return {
    planCode,
    slotId: slotIdOf(search.slotId),
    seatQty: /^\d{1,3}$/.test(seatQty) && Number(seatQty) > 0 ? Number(seatQty) : null,
    paired: search.isPaired === true || text(search.isPaired).toLowerCase() === 'true',
  };
};

/** In plan mode the map holds at most the plan's seat quantity. */
export const planSeatLimit = (mode: PlanMode | null, limit: number): number =>
  mode?.seatQty ? Math.min(mode.seatQty, limit) : limit;

type Plan = PlanCalendar['Plan'];

const planScreenHref = (plan: Plan, seatQty: number | null) =>
  `/tickets/${plan.planType === 'paired' ? 'pairedplans' : 'plans'}/${encodeURIComponent(plan.planCode)}` +
  (seatQty ? `?seatQty=${seatQty}` : '');

/**
 * Where the buyer goes once a slot is filled: for a paired plan, on to the next part still empty
 * when it has a single performance to buy; else back to the plan screen.
 */
export const nextStop = (
  calendar: PlanCalendar,
  mode: PlanMode,
  slotId: number,
  view: PlanBasketView,
): string => {
  const { Plan } = calendar;
  if (mode.paired) {
    const filled = new Set(view.Slots.filter((s) => s.Quantity > 0).map((s) => s.EventPlanSlotID));
    const current = Plan.slots.find((s) => s.id === slotId);
    const next = [...Plan.slots]
      .sort((a, b) => a.position - b.position)
      .find((s) => s.position > (current?.position ?? 0) && !filled.has(s.id));
    const events = next ? calendar.Events.filter((e) => e.EventPlanSlotID === next.id && isBuyable(e)) : [];
    if (next && events.length === 1) {
      const query = new URLSearchParams({
        planCode: Plan.planCode,
        isPaired: 'true',
        slotId: String(next.id),
      });
      if (mode.seatQty) query.set('seatQty', String(mode.seatQty));
      return `${events[0]!.SeatSelectionPath}?${query}`;
    }
  }
  return planScreenHref(Plan, mode.seatQty);
};

type PlanChoice = Parameters<typeof addChoiceToPlan>[1];

/** The map's choice as the plan call takes it: the seats, else the GA quantities per price key. */
export const planChoiceOf = (
  eventId: number,
  selected: readonly SelectedSeat[],
  ga: readonly GaPick[],
  promoCode: string,
): PlanChoice => {
  if (selected.length > 0)
    return {
      eventId,
      promoCode,
      basketItems: selected.map((s) => ({
        Key: s.key,
        PriceTypeID: s.priceTypeId,
        packageId: s.packageId,
        SeatAlertAcknowledgement: s.alertAcknowledged,
      })),
    };
  const ticketRequest: Record<string, number> = {};
  for (const g of ga)
    if (g.quantity > 0) {
      const key = `${g.priceLevelId}-${g.priceTypeId}`;
      ticketRequest[key] = (ticketRequest[key] ?? 0) + g.quantity;
    }
  return { eventId, promoCode, ticketRequest };
};

/** The box office's plan screen (/admin/selltickets/{planType}/{planCode}?seatQty=). */
export const staffPlanHref = (planType: string, planCode: string, seatQty: number | null): string =>
  `/admin/selltickets/${encodeURIComponent(planType)}/${encodeURIComponent(planCode)}` +
  (seatQty ? `?seatQty=${seatQty}` : '');

/** Who adds: the storefront (the plan screens, on to a paired plan's next part) or the box office. */
export interface PlanAdder {
  readonly salesChannel: string;
  /** Where to go once added; default nextStop (the storefront). */
  readonly back?: (plan: Plan, seatQty: number | null) => string;
}

/**
 * Adds the seats (or GA quantities) chosen on the map to the plan basket and answers the address
 * to go to next. A refusal is the server's ApiError (its words say why).
 */
export const addChoiceToPlan = async (
  mode: PlanMode,
  choice: {
    readonly eventId: number;
    readonly basketItems?: z.input<typeof BasketItemRequest>[];
    readonly ticketRequest?: Record<string, number>;
    readonly promoCode?: string;
  },
  adder: PlanAdder = { salesChannel: 'Web' },
): Promise<string> => {
  const calendar = await fetchPlanCalendar(mode.planCode);
  const { Plan } = calendar;
  const slotId = mode.slotId ?? Plan.slots.find((s) => s.eventIds.includes(choice.eventId))?.id ?? null;
  if (slotId === null) throw new ApiError(422, 'This performance is not part of this plan slot.');
  const seatCount =
    choice.basketItems?.length ?? Object.values(choice.ticketRequest ?? {}).reduce((a, b) => a + b, 0);
  await addToPlanBasket({
    eventPlanId: Plan.id,
    eventPlanSlotId: slotId,
    eventId: choice.eventId,
    seatQty: mode.seatQty ?? seatCount,
    ...(choice.basketItems ? { basketItems: choice.basketItems } : { ticketRequest: choice.ticketRequest }),
    promoCode: choice.promoCode || null,
    salesChannel: adder.salesChannel,
  });
  if (adder.back) return adder.back(Plan, mode.seatQty ?? seatCount);
  return nextStop(calendar, mode, slotId, await fetchPlanBasket());
};
