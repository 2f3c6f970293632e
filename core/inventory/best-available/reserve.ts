import { Effect } from 'effect';
import { addGeneralAdmission } from '../../basket/add-general-admission.ts';
import { addSeats, notThroughPlan } from '../../basket/add-seats.ts';
import type { AnsweredBasket, Caller } from '../../basket/basket-answer.ts';
import { isLive } from '../../basket/basket.ts';
import { offeredPriceTypeIds } from '../../basket/pricing/item-pricing.ts';
import { Baskets } from '../../basket/ports.ts';
import { removeItems } from '../../basket/remove-items.ts';
import { bestAvailable, type BestAvailableResult } from './best-available.ts';
import { bestAvailableView, type BestAvailableView } from './view.ts';
import { BestAvailableContended } from '../errors.ts';
import { SeatClaims } from '../ports.ts';
import { loadSearchInventory, prepareSearch, type BestAvailableAsk } from './search.ts';

// The buyer's best-available reserve: search and hold in one step,
// through the basket's hold (all or nothing: a seat is in at most one basket). A seat taken by
// another buyer between the search and the hold must not end the call: a lost race holds nothing,
// so the search runs again on a fresh read with the lost seats left out, a bounded number of times.

export const MAX_RESERVE_ATTEMPTS = 5;

export interface ReserveBestAvailable extends BestAvailableAsk {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly promoCode?: string | null;
  readonly groupCode?: string | null;
}

export interface Reserved {
  /** The block found (or why none was), as the results screen shows it. */
  readonly view: BestAvailableView;
  /** The basket that holds the block; null when none was found. */
  readonly basket: AnsweredBasket | null;
  /** The basket that holds the seats (new when created): the edge sets its cookie. */
  readonly basketId: string | null;
  readonly created: boolean;
}

/**
 * The heavy on-sale flow offers one block at a time: a new reserve (or "try again") first gives
 * back the block this event already has in the caller's basket. A plan basket is refused before
 * anything is given back: its seats are reserved through the plan (core/plans/).
 */
const releaseEventTickets = (basketId: string | null, eventId: number) =>
  Effect.gen(function* () {
    if (basketId === null) return;
    const basket = yield* (yield* Baskets).find(basketId);
    if (!basket || !isLive(basket)) return;
    const refusal = notThroughPlan(basket, false);
    if (refusal) return yield* Effect.fail(refusal);
    const itemIds = basket.tickets.filter((t) => t.eventId === eventId).map((t) => t.id);
    if (itemIds.length > 0) yield* removeItems({ basketId, itemIds });
  });

export const reserveBestAvailable = (cmd: ReserveBestAvailable) =>
  Effect.gen(function* () {
    const prepared = yield* prepareSearch(cmd);
    const claims = yield* SeatClaims;
    yield* releaseEventTickets(cmd.caller.basketId, cmd.eventId);
    const withZones = (cmd.zones?.length ?? 0) > 0;
    const lost = new Set<string>();
    for (let attempt = 1; attempt <= MAX_RESERVE_ATTEMPTS; attempt++) {
      // After a lost race, read fresh: the shared read may not show the seats just taken.
      const inventory = yield* loadSearchInventory(cmd.eventId, withZones, attempt === 1 ? undefined : 0);
      // Search and claim in one step, so two calls on this node never pick the same seats.
      const found: { result?: BestAvailableResult } = {};
      const keys = yield* claims.claim(cmd.eventId, (claimed) => {
        // Only the claims this read cannot show: at an on-sale thousands of seats held a moment
        // ago stay claimed, and the read already shows most of them held.
        const notShown = claimed.notShownBy(inventory.readStartedAt);
        const unavailableKeys = lost.size === 0 ? notShown : [...lost, ...notShown];
        found.result = bestAvailable(inventory, { ...prepared.request, unavailableKeys });
        return found.result.seats.map((seat) => seat.key);
      });
      const result = found.result!;
      const view = bestAvailableView(
        cmd.eventId,
        prepared.request.quantity,
        result,
        prepared.accessibleTrimmed,
      );
      if (result.stage === null)
        return { view, basket: null, basketId: null, created: false } satisfies Reserved;
      const hold = result.ga
        ? addGeneralAdmission({
            caller: cmd.caller,
            holdSeconds: cmd.holdSeconds,
            eventId: cmd.eventId,
            salesChannel: cmd.salesChannel,
            sectionKey: result.ga.key,
            ticketRequest: yield* gaPriceKey(
              cmd.eventId,
              result.ga.priceLevelId,
              prepared.channel.isAdmin,
            ).pipe(Effect.map((priceKey) => ({ [priceKey]: result.ga!.quantity }))),
            promoCode: cmd.promoCode,
            groupCode: cmd.groupCode,
          })
        : addSeats({
            caller: cmd.caller,
            holdSeconds: cmd.holdSeconds,
            eventId: cmd.eventId,
            salesChannel: cmd.salesChannel,
            holdSubclassIds: prepared.request.viewer.holdSubclassIds,
            // The results screen shows each seat's note (restricted view) with the block, and
            // accepting the block is the acknowledgement; declining releases it.
            seats: keys.map((key) => ({ key, seatAlertAcknowledgement: true })),
            promoCode: cmd.promoCode,
            groupCode: cmd.groupCode,
          });
      const outcome = yield* Effect.result(hold);
      yield* claims.recordHoldOutcome(cmd.eventId, keys, outcome._tag === 'Success');
      if (outcome._tag === 'Success') {
        const held = outcome.success;
        return {
          view,
          basket: held.basket,
          basketId: held.basketId,
          created: held.created,
        } satisfies Reserved;
      }
      const error = outcome.failure;
      if (error._tag !== 'SeatsTaken') return yield* Effect.fail(error);
      for (const key of error.keys) lost.add(key);
    }
    return yield* Effect.fail(
      new BestAvailableContended({ eventId: cmd.eventId, attempts: MAX_RESERVE_ATTEMPTS }),
    );
  });

/** The price key (level-type) a GA place is sold at: the level's default price type. */
const gaPriceKey = (eventId: number, priceLevelId: number, staff: boolean) =>
  Effect.gen(function* () {
    const sale = yield* (yield* Baskets).saleContext(eventId);
    const type = offeredPriceTypeIds(sale.pricing, staff ? 'Staff' : 'Consumer', priceLevelId)[0] ?? 0;
    return `${priceLevelId}-${type}`;
  });
