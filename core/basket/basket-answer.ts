import { Clock, Effect } from 'effect';
import { HouseCurrencySetting, type HouseCurrency } from '../accounts/house-currency.ts';
import type { SalesChannel } from '../inventory/event-inventory.ts';
import type { CustomerLookup } from '../pricing/promotion-customer.ts';
import { SeatChangeFeed } from '../inventory/seat-change-feed.ts';
import { TicketsAvailableMail } from '../accounts/notifications/ticket-notifications.ts';
import { eventsWithReturnedSeats } from '../accounts/notifications/tickets-available.ts';
import { basketEventIds, isLive, type Basket, type DeliveryMethod } from './basket.ts';
import { BasketNotFound, BasketRuleViolation } from './errors.ts';
import { Baskets, BasketExpiry, type Held, type SeatChangeNotice } from './ports.ts';
import type { SaleContext } from './sale-context.ts';

// Steps every basket use case shares: find the caller's live basket, read what its answer needs,
// announce seat changes, schedule the expiry job of a new basket.

/**
 * Who is calling, as the session says (never a flag in the request): the basket their cookie
 * names, whether they are box-office staff allowed to sell, and who they are for promotions
 * restricted to customer tags (anonymous when not given).
 */
export interface Caller {
  readonly basketId: string | null;
  readonly staff: boolean;
  /** A staff role that manages holds: sells from any hold subclass but a kill (core/inventory/box-office/view.ts). */
  readonly manageHolds?: boolean;
  readonly customer?: CustomerLookup;
}

/** Spec: basket calls on an expired or missing basket answer 404 for consumers. */
export const liveBasket = (basketId: string | null) =>
  Effect.gen(function* () {
    if (basketId === null) return yield* Effect.fail(new BasketNotFound({ basketId }));
    const basket = yield* (yield* Baskets).find(basketId);
    if (!basket || !isLive(basket)) return yield* Effect.fail(new BasketNotFound({ basketId }));
    return basket;
  });

/** The sale context of every event the basket (and its products) refer to. */
export const contextsOf = (eventIds: readonly number[]) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const contexts = new Map<number, SaleContext>();
    for (const id of new Set(eventIds)) {
      const context = yield* Effect.result(baskets.saleContext(id));
      if (context._tag === 'Success') contexts.set(id, context.success);
    }
    return contexts;
  });

export const basketContexts = (basket: Basket) =>
  contextsOf([
    ...basketEventIds(basket),
    ...basket.products.flatMap((p) => (p.eventId === null ? [] : [p.eventId])),
    ...(basket.continueWithoutTicketsEventId === null ? [] : [basket.continueWithoutTicketsEventId]),
  ]);

/**
 * A basket as a call answers it: the basket with what its totals and currency are read from (the
 * sale context of each event it refers to, the delivery method it is charged for, the house
 * currency a basket without events is priced in). The HTTP adapter writes it in the API's fields.
 */
export interface AnsweredBasket {
  readonly basket: Basket;
  readonly contexts: ReadonlyMap<number, SaleContext>;
  readonly deliveryMethod: DeliveryMethod | null;
  readonly house: HouseCurrency;
}

/** The basket with what its answer needs (AnsweredBasket). */
export const answerBasket = (basket: Basket) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const contexts = yield* basketContexts(basket);
    const method =
      basket.deliveryMethodId === null
        ? null
        : ((yield* baskets.deliveryMethods()).find((m) => m.id === basket.deliveryMethodId) ?? null);
    const answered: AnsweredBasket = {
      basket,
      contexts,
      deliveryMethod: method,
      house: yield* (yield* HouseCurrencySetting).current(),
    };
    return answered;
  });

/**
 * Every seat status change is published; a lost announcement never fails the call.
 * Seats back on sale also queue the e-mail to buyers waiting for a sold-out performance.
 */
export const announce = (changes: readonly SeatChangeNotice[]) =>
  Effect.gen(function* () {
    if (changes.length === 0) return;
    const feed = yield* SeatChangeFeed;
    const at = new Date(yield* Clock.currentTimeMillis).toISOString();
    for (const change of changes)
      if (change.keys.length > 0) yield* Effect.ignoreCause(feed.publish({ ...change, at }));
    const returned = eventsWithReturnedSeats(changes);
    if (returned.length > 0) yield* Effect.ignoreCause((yield* TicketsAvailableMail).queue(returned));
  });

/** After a hold: the new basket's expiry job, and the announcement. */
export const afterHold = (held: Held) =>
  Effect.gen(function* () {
    if (held.created)
      yield* Effect.ignoreCause((yield* BasketExpiry).schedule(held.basket.id, held.basket.expiresAt));
    yield* announce(held.changes);
  });

/**
 * The sales channel a basket call sells on. Consumers sell on a consumer channel (Web) only:
 * changing the sales channel is for staff.
 */
export const channelFor = (channels: readonly SalesChannel[], code: string, staff: boolean) => {
  const wanted = code.trim().toLowerCase();
  const channel = channels.find((c) => c.code.toLowerCase() === wanted);
  if (!channel)
    return Effect.fail(
      new BasketRuleViolation({ rule: 'SalesChannel', message: `Unknown sales channel ${code}.` }),
    );
  if (channel.isAdmin && !staff)
    return Effect.fail(
      new BasketRuleViolation({
        rule: 'SalesChannel',
        message: `Only box-office staff may sell on the ${channel.name} channel.`,
      }),
    );
  return Effect.succeed(channel);
};
