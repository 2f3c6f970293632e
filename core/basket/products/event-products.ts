import { Effect } from 'effect';
import { Baskets } from '../ports.ts';

// The product selection page's data (web/src/features/extras/), read without a basket: the
// performance and the products offered with it, each variant with its price and the units left
// where its stock is counted.

export const eventProducts = (eventId: number) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const context = yield* baskets.saleContext(eventId);
    const offers = yield* baskets.productOffers([eventId]);
    return { context, offers };
  });
