import { Effect } from 'effect';
import { answerBasket, basketContexts, channelFor, liveBasket, type Caller } from './basket-answer.ts';
import { isComplimentaryBasket, offeredDeliveryMethods } from './complimentary-delivery.ts';
import { BasketRuleViolation } from './errors.ts';
import { Baskets, BasketExpiry } from './ports.ts';

// The basket's own fields: note, delivery method, and the products-only path.

export const MAX_NOTE_LENGTH = 2000;

/** PUT updatenote (basketNote): blank clears it. */
export const updateNote = (cmd: { readonly basketId: string | null; readonly note: string | null }) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const note = (cmd.note ?? '').trim();
    return yield* answerBasket(
      yield* (yield* Baskets).update(basket.id, { note: note === '' ? null : note }),
    );
  });

/**
 * PUT changedeliverymethod/{id}: consumers choose among the consumer-visible methods (the free
 * ones for a complimentary basket, complimentary-delivery.ts).
 */
export const changeDeliveryMethod = (cmd: {
  readonly basketId: string | null;
  readonly staff: boolean;
  readonly deliveryMethodId: number;
}) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(cmd.basketId);
    const baskets = yield* Baskets;
    const offered = offeredDeliveryMethods(yield* baskets.deliveryMethods(), {
      staff: cmd.staff,
      complimentary: isComplimentaryBasket(basket, yield* basketContexts(basket)),
    });
    const method = offered.find((m) => m.id === cmd.deliveryMethodId);
    if (!method)
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'DeliveryMethod', message: 'This delivery method is not offered.' }),
      );
    return yield* answerBasket(yield* baskets.update(basket.id, { deliveryMethodId: method.id }));
  });

/**
 * PUT continuewithouttickets/{id}: the buyer goes on to the basket with products of event {id}
 * and no tickets; a basket is made if they have none live.
 */
export const continueWithoutTickets = (cmd: {
  readonly caller: Caller;
  readonly holdSeconds: number;
  readonly eventId: number;
}) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const sale = yield* baskets.saleContext(cmd.eventId);
    if (!sale.event.hasProducts)
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'Product', message: 'This performance has no products to buy.' }),
      );
    const channel = yield* channelFor(sale.salesChannels, 'Web', cmd.caller.staff);
    const opened = yield* baskets.open({
      basketId: cmd.caller.basketId,
      salesChannelId: channel.id,
      holdSeconds: cmd.holdSeconds,
    });
    if (opened.created)
      yield* Effect.ignoreCause((yield* BasketExpiry).schedule(opened.basket.id, opened.basket.expiresAt));
    const basket = yield* baskets.update(opened.basket.id, { continueWithoutTicketsEventId: cmd.eventId });
    return { basket: yield* answerBasket(basket), basketId: basket.id, created: opened.created };
  });
