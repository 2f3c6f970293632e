import { Clock, Data, Effect, Random } from 'effect';
import { answerBasket, type Caller } from '../basket/basket-answer.ts';
import { isLive } from '../basket/basket.ts';
import { offeredPriceTypeIds } from '../basket/pricing/item-pricing.ts';
import { Baskets } from '../basket/ports.ts';
import { passWaitingRoom } from '../inventory/waiting-room-calls.ts';
import { removeItems } from '../basket/remove-items.ts';
import { addPlanItems } from './add-plan-items.ts';
import { PlanBasketRefused, PlanSlotShort } from './errors.ts';
import { planSaleClosed } from './plan-sale-window.ts';
import { planViewOf } from './plan-basket-view.ts';
import { PlanStore } from './ports.ts';
import { searchPlanBestAvailable, type PlanSearch } from './search-plan-best-available.ts';

// A buyer reserves a plan's best available in one step: the plan's best available
// (search-plan-best-available.ts) held into the caller's basket as a plan basket, every slot at
// once or none: each slot is held through addPlanItems (the plan's rules, the ordinary hold) and,
// when one slot falls short or loses a seat meanwhile, what the earlier slots held is released.
// Like the single-event reserve, a new reserve gives back what the plan basket held for the slots
// it searches, but only once the whole new block is held: the rules judge the basket without those
// tickets (AddPlanItems.replacing) and, when the new hold fails, the old seats stay held. A seat
// taken between the search and the hold (the search reads a shared snapshot) searches again with
// the seats read now, as the single-event reserve does. A performance behind a waiting room (a
// heavy on-sale) is held only for a caller its queue has admitted, as its own reserve is.

export interface ReservePlanBestAvailable extends PlanSearch {
  readonly caller: Caller;
  readonly holdSeconds: number;
  /** Default: each price level's default price type. */
  readonly priceTypeId?: number;
  /** The caller's waiting-room ticket for an event (its signed cookie), or null. */
  readonly queueTicket?: (eventId: number) => string | null;
}

/** The plan basket's tickets of these slots: replaced by the new block once it is held. */
const ticketsOfSlots = (basketId: string | null, planId: number, slotIds: readonly number[]) =>
  Effect.gen(function* () {
    if (basketId === null) return [];
    const basket = yield* (yield* Baskets).find(basketId);
    if (!basket || !isLive(basket) || basket.eventPlanId !== planId) return [];
    return basket.tickets
      .filter((t) => t.eventPlanSlotId != null && slotIds.includes(t.eventPlanSlotId))
      .map((t) => t.id);
  });

const slotName = (planId: number, slotId: number) =>
  Effect.gen(function* () {
    const slots = yield* (yield* PlanStore).slots(planId);
    return slots.find((s) => s.id === slotId)?.name ?? `slot ${slotId}`;
  });

/**
 * Tries after a lost race (a seat the shared snapshot showed free was taken): each reads seats
 * now, after a short pause of random length, so buyers who lost to one another do not search
 * again in step and pick the same pair once more (as the single-event reserve, five tries).
 */
const MAX_RESERVE_ATTEMPTS = 5;

/** The pause before try `attempt` (2 and on): up to 20 ms times the tries lost so far. */
const backOff = (attempt: number) =>
  Effect.flatMap(Random.nextIntBetween(0, 20 * (attempt - 1)), (ms) => Effect.sleep(ms));

export const reservePlanBestAvailable = (cmd: ReservePlanBestAvailable) =>
  Effect.gen(function* () {
    // The plan's sale window first (a staff caller's channel is judged per slot by addPlanItems).
    const plan = yield* (yield* PlanStore).planById(cmd.planId);
    const closed = plan && planSaleClosed(plan, new Date(yield* Clock.currentTimeMillis), cmd.caller.staff);
    if (closed) return yield* Effect.fail(new PlanBasketRefused({ problem: closed }));
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) yield* backOff(attempt);
      const outcome = yield* Effect.result(reserveOnce({ ...cmd, fresh: attempt > 1 }));
      if (outcome._tag === 'Success') return outcome.success;
      const lostRace = outcome.failure._tag === 'PlanSeatsTaken';
      if (!lostRace || attempt >= MAX_RESERVE_ATTEMPTS)
        return yield* Effect.fail(
          lostRace
            ? new PlanSlotShort({
                slotId: outcome.failure.slotId,
                slotName: yield* slotName(cmd.planId, outcome.failure.slotId),
              })
            : outcome.failure,
        );
    }
  });

/** A seat of the proposal was taken before it was held: worth searching again. */
class PlanSeatsTaken extends Data.TaggedError('PlanSeatsTaken')<{ readonly slotId: number }> {}

/** One search and hold of every slot; a lost race fails with PlanSeatsTaken, nothing held. */
const reserveOnce = (cmd: ReservePlanBestAvailable) =>
  Effect.gen(function* () {
    const search = yield* searchPlanBestAvailable(cmd);
    for (const slot of search.Slots)
      yield* passWaitingRoom(slot.EventID, cmd.queueTicket?.(slot.EventID) ?? null);
    if (!search.Found)
      return yield* Effect.fail(
        new PlanSlotShort({
          slotId: search.ShortSlotID!,
          slotName: yield* slotName(cmd.planId, search.ShortSlotID!),
        }),
      );
    const replacing = yield* ticketsOfSlots(
      cmd.caller.basketId,
      cmd.planId,
      search.Slots.map((s) => s.EventPlanSlotID),
    );
    const baskets = yield* Baskets;
    let caller = cmd.caller;
    let created = false;
    const held: number[] = [];
    const undo = Effect.gen(function* () {
      if (caller.basketId !== null && held.length > 0)
        yield* removeItems({ basketId: caller.basketId, itemIds: held });
    });
    for (const slot of search.Slots) {
      const ga = slot.Seats[0]?.GA === true;
      const gaPrice = ga
        ? (cmd.priceTypeId ??
          offeredPriceTypeIds(
            (yield* baskets.saleContext(slot.EventID)).pricing,
            cmd.staff ? 'Staff' : 'Consumer',
            slot.Seats[0]!.PriceLevelID,
          )[0] ??
          0)
        : 0;
      const outcome = yield* Effect.result(
        addPlanItems({
          caller,
          holdSeconds: cmd.holdSeconds,
          planId: cmd.planId,
          slotId: slot.EventPlanSlotID,
          eventId: slot.EventID,
          seatQty: cmd.quantity,
          salesChannel: cmd.salesChannel,
          replacing,
          ...(ga
            ? {
                ticketRequest: { [`${slot.Seats[0]!.PriceLevelID}-${gaPrice}`]: slot.Seats.length },
                sectionKey: slot.Seats[0]!.Key,
              }
            : {
                seats: slot.Seats.map((s) => ({
                  key: s.Key,
                  priceTypeId: cmd.priceTypeId ?? null,
                  // The proposal showed each seat's note; taking the block accepts it (as the
                  // single-event reserve does, core/inventory/best-available/reserve.ts).
                  seatAlertAcknowledgement: true,
                })),
              }),
        }),
      );
      if (outcome._tag === 'Failure') {
        yield* undo;
        const error = outcome.failure;
        if (error._tag === 'SeatsTaken')
          return yield* Effect.fail(new PlanSeatsTaken({ slotId: slot.EventPlanSlotID }));
        return yield* Effect.fail(error);
      }
      caller = { ...caller, basketId: outcome.success.basketId };
      created = created || outcome.success.created;
      held.push(...outcome.success.itemIds);
    }
    // Every slot is held: only now are the tickets the new block replaces given back.
    if (replacing.length > 0) yield* removeItems({ basketId: caller.basketId!, itemIds: replacing });
    const basket = (yield* baskets.find(caller.basketId!))!;
    return {
      basket: yield* answerBasket(basket),
      plan: yield* planViewOf(basket),
      basketId: basket.id,
      created,
    };
  });
