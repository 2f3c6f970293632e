import { Effect } from 'effect';
import { Baskets } from '../ports.ts';
import { basketEventView, productOfferView } from '../view.ts';

// GET /api/v2/products/event/{id}: the product selection page's data (web/src/features/extras/),
// read without a basket: the performance and the products offered with it, each variant with its
// price and the units left where its stock is counted.

export const eventProducts = (eventId: number) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const context = yield* baskets.saleContext(eventId);
    const offers = yield* baskets.productOffers([eventId]);
    return { Event: basketEventView(context), Products: offers.map(productOfferView) };
  });
