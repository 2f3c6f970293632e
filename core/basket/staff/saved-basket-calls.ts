import { Clock, Effect } from 'effect';
import { staffBasketAnswer, auditBasket, type StaffMember } from './answer.ts';
import { AdminBasketRefused, BasketCannotBeSaved } from './errors.ts';
import { AdminBaskets, type SavedBasketRow } from './ports.ts';
import { announce, answerBasket, liveBasket } from '../basket-answer.ts';
import { basketEventIds, isLive } from '../basket.ts';
import { BasketNotFound } from '../errors.ts';
import { BasketExpiry, Baskets } from '../ports.ts';
import { totalsOfBasket } from '../totals.ts';
import {
  existingBasket,
  pageOf,
  savedHoldUntil,
  savedName,
  saveRefusal,
  basketLineCount,
  type CurrentBasket,
} from './saved-baskets.ts';

// The box office's saved baskets: the clerk lists them, saves the current basket, resumes one (and
// is warned what it leaves behind), ends one. The rules are saved-baskets.ts; the store is the
// AdminBaskets port. The HTTP adapter writes the answers in the API's fields.

const ticketCount = (basket: { readonly tickets: readonly { readonly quantity: number }[] }) =>
  basket.tickets.reduce((n, t) => n + t.quantity, 0);

/** One saved basket of the clerk's list, with what its basket holds now. */
export interface SavedBasketListing {
  readonly saved: SavedBasketRow;
  readonly ticketCount: number;
  /** The basket's Total (core/basket/totals.ts). */
  readonly total: number;
  /** When the live basket ends. */
  readonly expiresAt: Date;
  /** Whether it is the clerk's current basket. */
  readonly isCurrent: boolean;
}

/** The clerk's list of saved baskets that are still live, newest first. */
export const listSavedBaskets = (cmd: {
  readonly searchText?: string;
  readonly sellerId?: number;
  readonly page?: number;
  readonly pageSize?: number;
  readonly currentBasketId: string | null;
}) =>
  Effect.gen(function* () {
    const store = yield* AdminBaskets;
    const baskets = yield* Baskets;
    const { rows, totalCount } = yield* store.listSaved({
      searchText: (cmd.searchText ?? '').trim() || null,
      sellerId: cmd.sellerId ?? null,
      ...pageOf(cmd.page, cmd.pageSize),
    });
    const items: SavedBasketListing[] = [];
    for (const row of rows) {
      const basket = yield* baskets.find(row.basketId);
      if (!basket || !isLive(basket)) continue;
      const answered = yield* answerBasket(basket);
      items.push({
        saved: row,
        ticketCount: ticketCount(basket),
        total: totalsOfBasket(basket, answered.contexts, answered.deliveryMethod).Total,
        expiresAt: basket.expiresAt,
        isCurrent: row.basketId === cmd.currentBasketId,
      });
    }
    return { items, totalCount };
  });

/**
 * The clerk saves their basket: it keeps its seats until the saved-basket hold runs
 * out or its first event starts (saved-baskets.ts). The expiry job is scheduled for then.
 */
export const saveBasket = (cmd: {
  readonly basketId: string | null;
  readonly name?: string;
  readonly staff: StaffMember;
  readonly holdHours: number;
}) =>
  Effect.gen(function* () {
    const store = yield* AdminBaskets;
    const basket = yield* liveBasket(cmd.basketId);
    const refusal = saveRefusal(basket);
    if (refusal === 'CannotSave') return yield* Effect.fail(new BasketCannotBeSaved({ basketId: basket.id }));
    if (refusal === 'Empty')
      return yield* Effect.fail(
        new AdminBasketRefused({ field: 'Basket', message: 'There is nothing in the basket to save.' }),
      );
    if (refusal !== null) return yield* Effect.fail(new BasketNotFound({ basketId: basket.id }));
    const events = [
      ...basketEventIds(basket),
      ...basket.products.flatMap((p) => (p.eventId === null ? [] : [p.eventId])),
    ];
    const until = savedHoldUntil({
      now: new Date(yield* Clock.currentTimeMillis),
      currentExpiry: basket.expiresAt,
      eventStarts: yield* store.eventStarts(events),
      holdHours: cmd.holdHours,
    });
    const name = savedName(cmd.name);
    const saved = yield* store.save(basket.id, { name, staffUserId: cmd.staff.staffUserId, until });
    yield* Effect.ignoreCause((yield* BasketExpiry).schedule(basket.id, saved.basket.expiresAt));
    yield* auditBasket(cmd.staff, 'basket.save', basket.id, {
      name,
      heldUntil: saved.basket.expiresAt.toISOString(),
      ticketCount: ticketCount(saved.basket),
    });
    return { basketId: basket.id, savedAt: saved.savedAt, expiresAt: saved.basket.expiresAt };
  });

/** A live saved basket, or 404. */
const liveSaved = (basketId: string) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(basketId);
    const state = yield* (yield* AdminBaskets).savedState(basketId);
    if (!state?.savedAt) return yield* Effect.fail(new BasketNotFound({ basketId }));
    return basket;
  });

/** Any clerk may resume a saved basket: it becomes their current basket. */
export const activateBasket = (cmd: { readonly basketId: string; readonly staff: StaffMember }) =>
  Effect.gen(function* () {
    const basket = yield* liveSaved(cmd.basketId);
    yield* auditBasket(cmd.staff, 'basket.activate', basket.id, { ticketCount: ticketCount(basket) });
    return yield* staffBasketAnswer(basket);
  });

/** What resuming a saved basket would leave behind of the clerk's current basket. */
export const existingBasketCheck = (cmd: {
  readonly currentBasketId: string | null;
  readonly targetId: string;
}) =>
  Effect.gen(function* () {
    if (cmd.currentBasketId === null) return existingBasket(null, cmd.targetId);
    const basket = yield* (yield* Baskets).find(cmd.currentBasketId);
    if (!basket) return existingBasket(null, cmd.targetId);
    const state = yield* (yield* AdminBaskets).savedState(basket.id);
    const current: CurrentBasket = {
      id: basket.id,
      live: isLive(basket),
      saved: state?.savedAt != null,
      ticketCount: ticketCount(basket),
      // every line that is not a ticket (products, gift certificates): the basket is not empty
      productCount: basketLineCount(basket) - basket.tickets.length,
    };
    return existingBasket(current, cmd.targetId);
  });

/** The clerk ends a basket now: its seats are released and announced like any release. */
export const expireBasketById = (cmd: { readonly basketId: string; readonly staff: StaffMember }) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const basket = yield* baskets.find(cmd.basketId);
    if (!basket) return yield* Effect.fail(new BasketNotFound({ basketId: cmd.basketId }));
    const changes = yield* baskets.expire(cmd.basketId);
    yield* announce(changes);
    const released = changes.reduce((n, c) => n + c.keys.length, 0);
    if (isLive(basket))
      yield* auditBasket(cmd.staff, 'basket.expire', cmd.basketId, {
        ticketCount: ticketCount(basket),
        released,
      });
    return released;
  });
