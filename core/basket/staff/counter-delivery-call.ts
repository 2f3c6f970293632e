import { Effect } from 'effect';
import { liveBasket } from '../basket-answer.ts';
import { hasSomethingToDeliver } from '../complimentary-delivery.ts';
import { Baskets } from '../ports.ts';
import { staffBasketAnswer } from './answer.ts';
import { counterDefaultDelivery, counterDelivery } from './counter-delivery.ts';

// The counter's default delivery applied to a staff basket (core/basket/staff/counter-delivery.ts):
// by the staff basket page as it opens, and by the counter's checkout
// (core/orders/counter/checkout.ts), so a walk-up sale is handed over without a question asked.

/** Sets the counter's hand-over delivery on the basket when the clerk has chosen none; the basket. */
export const applyCounterDelivery = (basketId: string | null) =>
  Effect.gen(function* () {
    const basket = yield* liveBasket(basketId);
    if (basket.isExchange || !hasSomethingToDeliver(basket)) return basket;
    const baskets = yield* Baskets;
    const method = counterDefaultDelivery(basket.deliveryMethodId, yield* baskets.deliveryMethods());
    return method ? yield* baskets.update(basket.id, { deliveryMethodId: method.id }) : basket;
  });

/** GET /api/admin/baskets/counterdelivery: which delivery is the counter's hand-over (null: none). */
export const counterDeliveryMethod = () =>
  Effect.map(
    Effect.flatMap(Baskets, (baskets) => baskets.deliveryMethods()),
    (methods) => counterDelivery(methods),
  );

/** PUT /api/admin/baskets/counterdelivery: the staff basket, with the counter's default delivery. */
export const counterDeliveryCall = (cmd: { readonly basketId: string | null }) =>
  Effect.flatMap(applyCounterDelivery(cmd.basketId), staffBasketAnswer);
