import { Effect } from 'effect';
import { isLive, type Basket } from '../basket/basket.ts';
import { Baskets } from '../basket/ports.ts';
import { localDateTime } from '../catalogue/local-time.ts';
import { describeCheckoutProblem, planCheckoutProblems, type PlanCheckoutProblem } from './checkout-rules.ts';
import { PlanStore, type PlanRecord, type PlanSlotRecord } from './ports.ts';
import { quantityRange } from './seat-quantity.ts';

// The buyer's plan basket as the plan screens show it: slot by slot (which performance
// each slot holds, how many tickets) and every reason it may not check out yet, worded.

export interface PlanCheckoutProblemView {
  readonly Kind: PlanCheckoutProblem['rule'];
  readonly EventPlanSlotID: number | null;
  readonly Message: string;
}

export interface PlanBasketSlotView {
  readonly EventPlanSlotID: number;
  readonly Name: string;
  readonly Position: number;
  readonly Required: boolean;
  readonly EventID: number | null;
  readonly EventName: string | null;
  readonly LocalStartDate: string | null;
  readonly Quantity: number;
  readonly BasketItemIDs: number[];
}

export interface PlanBasketView {
  readonly EventPlanID: number | null;
  readonly EventPlanCode: string | null;
  readonly SeatQty: number | null;
  readonly Slots: PlanBasketSlotView[];
  readonly CheckoutProblems: PlanCheckoutProblemView[];
  readonly CanCheckout: boolean;
}

export const NO_PLAN_BASKET: PlanBasketView = {
  EventPlanID: null,
  EventPlanCode: null,
  SeatQty: null,
  Slots: [],
  CheckoutProblems: [],
  CanCheckout: false,
};

/** The plan basket as the plan's slots see it (pure: the plan, its slots and the basket's tickets). */
export const planBasketView = (
  plan: PlanRecord,
  slots: readonly PlanSlotRecord[],
  basket: Pick<Basket, 'tickets'>,
): PlanBasketView => {
  const views: PlanBasketSlotView[] = slots.map((slot) => {
    const tickets = basket.tickets.filter((t) => t.eventPlanSlotId === slot.id);
    const eventId = tickets[0]?.eventId ?? null;
    const event = slot.events.find((e) => e.id === eventId);
    return {
      EventPlanSlotID: slot.id,
      Name: slot.name,
      Position: slot.position,
      Required: slot.required,
      EventID: eventId,
      EventName: event?.name ?? null,
      LocalStartDate: event ? localDateTime(event.startsAt, event.timeZone).slice(0, 16) : null,
      Quantity: tickets.reduce((sum, t) => sum + t.quantity, 0),
      BasketItemIDs: tickets.map((t) => t.id),
    };
  });
  const seatQty = views.find((s) => s.Quantity > 0)?.Quantity ?? null;
  const problems = planCheckoutProblems(
    {
      minSlotsForPurchase: plan.minSlotsForPurchase,
      maxSlotsForPurchase: plan.maxSlotsForPurchase,
      requireSameSeatQty: plan.requireSameSeatQty,
      seatQuantity: seatQty ?? quantityRange(plan).min,
      sameSeats: plan.planType === 'paired',
    },
    views.map((s) => ({
      slotId: s.EventPlanSlotID,
      required: s.Required,
      quantity: s.Quantity,
      seatKeys: basket.tickets
        .filter((t) => t.eventPlanSlotId === s.EventPlanSlotID)
        .flatMap((t) => Array.from({ length: t.quantity }, () => t.key)),
    })),
  );
  const slotName = (id: number) => views.find((s) => s.EventPlanSlotID === id)?.Name ?? `Slot ${id}`;
  const CheckoutProblems = problems.map((p) => ({
    Kind: p.rule,
    EventPlanSlotID: 'slotId' in p ? p.slotId : null,
    Message: describeCheckoutProblem(p, slotName),
  }));
  return {
    EventPlanID: plan.id,
    EventPlanCode: plan.code,
    SeatQty: seatQty,
    Slots: views,
    CheckoutProblems,
    CanCheckout: CheckoutProblems.length === 0,
  };
};

/** The plan view of this basket; NO_PLAN_BASKET for an ordinary basket (or its plan is gone). */
export const planViewOf = (basket: Basket) =>
  Effect.gen(function* () {
    if (basket.eventPlanId === null) return NO_PLAN_BASKET;
    const store = yield* PlanStore;
    const plan = yield* store.planById(basket.eventPlanId);
    if (!plan) return NO_PLAN_BASKET;
    return planBasketView(plan, yield* store.slots(plan.id), basket);
  });

/** The caller's plan basket; a missing or expired basket has no plan. */
export const readPlanBasket = (basketId: string | null) =>
  Effect.gen(function* () {
    const basket = basketId === null ? null : yield* (yield* Baskets).find(basketId);
    return basket && isLive(basket) ? yield* planViewOf(basket) : NO_PLAN_BASKET;
  });
