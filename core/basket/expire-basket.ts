import { Effect } from 'effect';
import { announce } from './basket-answer.ts';
import { Baskets } from './ports.ts';

// A basket's end. The holds are already free to every statement the moment the time runs out
// (each checks held_until); these tidy the rows up and announce the seats to open maps.

/** POST expire (the expired page, the footer countdown at 0): ends the basket now. */
export const expireBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    if (cmd.basketId === null) return 0;
    const changes = yield* (yield* Baskets).expire(cmd.basketId);
    yield* announce(changes);
    return changes.reduce((n, c) => n + c.keys.length, 0);
  });

/**
 * The expiry job of one basket, or the periodic sweep of all of them: frees holds whose time
 * ran out and announces them. Answers how many seats and sections were announced.
 */
export const releaseExpiredBaskets = (basketId?: string) =>
  Effect.gen(function* () {
    const changes = yield* (yield* Baskets).releaseExpired(basketId);
    yield* announce(changes);
    return changes.reduce((n, c) => n + c.keys.length, 0);
  });
