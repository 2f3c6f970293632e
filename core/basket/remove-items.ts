import { Effect } from 'effect';
import { announce, answerBasket, liveBasket } from './basket-answer.ts';
import { Baskets } from './ports.ts';

// PUT removeItems / simpleremoveitems (basketItemIds) and DELETE deleteitems /
// deleteitemsheavyonsale (everything): the seats go back on sale at once and open maps hear it.

export const removeItems = (cmd: { readonly basketId: string | null; readonly itemIds: readonly number[] }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const released = yield* (yield* Baskets).release(basket.id, cmd.itemIds);
    yield* announce(released.changes);
    return yield* answerBasket(released.basket);
  });

export const clearBasket = (cmd: { readonly basketId: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const released = yield* (yield* Baskets).release(basket.id, 'all');
    yield* announce(released.changes);
    return yield* answerBasket(released.basket);
  });
