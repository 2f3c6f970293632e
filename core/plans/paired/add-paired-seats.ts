import { Clock, Effect } from 'effect';
import { answerBasket } from '../../basket/basket-answer.ts';
import { isLive } from '../../basket/basket.ts';
import { Baskets } from '../../basket/ports.ts';
import { removeItems } from '../../basket/remove-items.ts';
import { addPlanItems, planAndSlot, type AddPlanItems } from '../add-plan-items.ts';
import { PlanBasketRefused } from '../errors.ts';
import { partnerParts } from './paired-parts.ts';

// Seats chosen on one part's map of a paired plan are held in every part at once (the parts are
// sold in the same seats, checkout-rules.ts): the chosen part first, then the same seat keys in
// each other part (paired-parts.ts), each through addPlanItems. A seat taken in another part
// releases what this call held and refuses (PairTaken, 409). Seats the basket held for the other
// parts are replaced, given back only once the whole pair is held. Any other addition (a
// subscription plan, GA places, judged at checkout) is addPlanItems itself.

export const addPlanChoice = (cmd: AddPlanItems) =>
  Effect.gen(function* () {
    const { plan, slots, slot } = yield* planAndSlot(cmd.planId, cmd.slotId);
    const seats = cmd.seats;
    if (plan.planType !== 'paired' || !seats || seats.length === 0 || slots.length < 2)
      return yield* addPlanItems(cmd);
    const baskets = yield* Baskets;
    const found = cmd.caller.basketId === null ? null : yield* baskets.find(cmd.caller.basketId);
    const basket = found && isLive(found) && found.eventPlanId === plan.id ? found : null;
    const tickets = basket?.tickets ?? [];
    const now = new Date(yield* Clock.currentTimeMillis);
    const partners = partnerParts(slots, slot.id, tickets, now);
    const replacing = tickets
      .filter((t) => t.eventPlanSlotId != null && t.eventPlanSlotId !== slot.id)
      .map((t) => t.id);

    const first = yield* addPlanItems({ ...cmd, replacing: [...(cmd.replacing ?? []), ...replacing] });
    const basketId = first.basketId;
    const held = [...first.itemIds];
    const undo = removeItems({ basketId, itemIds: held });
    for (const part of partners) {
      const refuse = Effect.fail(
        new PlanBasketRefused({ problem: { rule: 'PairTaken', slotName: part.slotName } }),
      );
      if (part.eventId === null) {
        yield* undo;
        return yield* refuse;
      }
      const outcome = yield* Effect.result(
        addPlanItems({
          ...cmd,
          caller: { ...cmd.caller, basketId },
          slotId: part.slotId,
          eventId: part.eventId,
          seats,
          replacing,
        }),
      );
      if (outcome._tag === 'Failure') {
        yield* undo;
        return yield* outcome.failure._tag === 'SeatsTaken' ? refuse : Effect.fail(outcome.failure);
      }
      held.push(...outcome.success.itemIds);
    }
    if (replacing.length > 0) yield* removeItems({ basketId, itemIds: replacing });
    const after = (yield* baskets.find(basketId))!;
    return { basket: yield* answerBasket(after), basketId, created: first.created, itemIds: held };
  });
