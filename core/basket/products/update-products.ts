import { Effect } from 'effect';
import { answerBasket, liveBasket } from '../basket-answer.ts';
import { basketEventIds } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';
import { Baskets } from '../ports.ts';
import { applyProductQuantities, type ProductQuantity } from './quantities.ts';

// The buyer sets add-on product quantities in their basket: the new quantity of each product
// (never below 0; 0 takes it out). Only products offered with the basket's events. The store
// holds each changed variant's stock in the same transaction (adapters/postgres/basket/basket-changes.ts):
// a quantity beyond what is left refuses the whole update and says how many the buyer may have.

export const updateProducts = (cmd: {
  readonly basketId: string | null;
  readonly items: readonly (ProductQuantity & { readonly eventId?: number | null })[];
}) =>
  Effect.gen(function* () {
    const current = yield* liveBasket(cmd.basketId);
    const basket = yield* (yield* Baskets).setProducts(current.id, (locked, offers) => {
      const events = new Set([
        ...basketEventIds(locked),
        ...(locked.continueWithoutTicketsEventId === null ? [] : [locked.continueWithoutTicketsEventId]),
      ]);
      for (const item of cmd.items) {
        const offered = offers.some(
          (o) =>
            o.productId === item.productId &&
            o.productVariantId === item.productVariantId &&
            (o.eventId === null || events.has(o.eventId)),
        );
        // Taking a product out is always allowed; adding needs an offer.
        if (!offered && item.quantity > 0)
          return new BasketRuleViolation({
            rule: 'Product',
            message: `Product ${item.productId} is not offered with this basket's performances.`,
          });
      }
      return applyProductQuantities(locked.products, cmd.items);
    });
    return yield* answerBasket(basket);
  });
