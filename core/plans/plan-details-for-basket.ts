import { Effect } from 'effect';
import { isLive, type Basket } from '../basket/basket.ts';
import { Baskets } from '../basket/ports.ts';
import { planDetails, type PlanView } from './read-plans.ts';

// A plan as the storefront shows it to a caller: the plan (read-plans.ts planDetails) with, in each slot,
// the performance the caller's plan basket holds for it (selectedEvent, slotInBasket). Another
// plan's basket, an ordinary or an expired basket select nothing.

/** The plan's slots marked with what the basket holds (pure). */
export const withBasketSelection = (
  plan: PlanView,
  basket: Pick<Basket, 'eventPlanId' | 'tickets'> | null,
): PlanView => {
  const mine = basket?.eventPlanId === plan.id ? basket.tickets : [];
  return {
    ...plan,
    slots: plan.slots.map((slot) => {
      const held = mine.find((t) => t.eventPlanSlotId === slot.id);
      return { ...slot, selectedEvent: held?.eventId ?? null, slotInBasket: held !== undefined };
    }),
  };
};

export const planDetailsForBasket = (id: number, basketId: string | null) =>
  Effect.gen(function* () {
    const plan = yield* planDetails(id);
    const basket = basketId === null ? null : yield* (yield* Baskets).find(basketId);
    return withBasketSelection(plan, basket && isLive(basket) ? basket : null);
  });
