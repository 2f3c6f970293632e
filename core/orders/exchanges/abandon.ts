import { Effect } from 'effect';
import { expireBasket } from '../../basket/expire-basket.ts';
import { NotFound } from '../../shared/errors.ts';
import { Exchanges } from './ports.ts';

// The clerk gives up an exchange before completing it.
// The exchange ends abandoned (refused once completed: the store locks it as the swap does),
// then its basket ends like any basket ended early (core/basket/expire-basket.ts): the seats it
// held go back on sale and are announced. The order and its tickets are untouched.

export interface AbandonExchange {
  readonly exchangeId: string;
}

export const abandonExchange = (cmd: AbandonExchange) =>
  Effect.gen(function* () {
    const exchanges = yield* Exchanges;
    const exchange = yield* exchanges.byId(cmd.exchangeId);
    if (!exchange) return yield* Effect.fail(new NotFound({ entity: 'Exchange', id: cmd.exchangeId }));
    const abandoned = yield* exchanges.abandon(exchange.id);
    const released = yield* expireBasket({ basketId: abandoned.basketId });
    return { exchangeId: abandoned.id, orderId: abandoned.orderId, releasedSeats: released };
  });
