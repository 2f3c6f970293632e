import { Effect } from 'effect';
import type { CustomerLookup } from '../../pricing/promotion-customer.ts';
import type { TicketItem } from '../basket.ts';
import { answerBasket, basketContexts, liveBasket } from '../basket-answer.ts';
import type { EventPricingData } from '../../pricing/price-map.ts';
import { pricingForCaller } from './member-pricing-for.ts';
import { PriceTypeChangeFailed } from '../errors.ts';
import { priceTicket, type PricedPromotion } from './item-pricing.ts';
import { Baskets } from '../ports.ts';
import { resolvePromotion } from './promotion-codes.ts';
import { repriceItems } from './reprice.ts';
import type { SaleContext } from '../sale-context.ts';

// PUT changepricetype (basketItemIds, priceTypeId). One price-type change at a time ('There is
// already a price changed being processed.'); a failed change keeps the old price types ('Error
// updating the price type on the basket').

export interface ChangePriceType {
  readonly basketId: string | null;
  readonly staff: boolean;
  readonly itemIds: readonly number[];
  readonly priceTypeId: number;
  /** The buyer, for the items' codes restricted to customer tags. */
  readonly customer?: CustomerLookup;
}

/** The promotions the basket's items carry, checked again now (an ended code fails the change). */
const itemPromotions = (
  tickets: readonly TicketItem[],
  contexts: ReadonlyMap<number, SaleContext>,
  customer: CustomerLookup | undefined,
) =>
  Effect.gen(function* () {
    const found = new Map<string, PricedPromotion | 'invalid'>();
    for (const item of tickets) {
      const context = contexts.get(item.eventId);
      if (item.promoCode === null || !context) continue;
      const id = `${item.eventId}|${item.promoCode}|${item.groupCode ?? ''}`;
      if (found.has(id)) continue;
      const result = yield* Effect.result(
        resolvePromotion(item.promoCode, item.groupCode, context.event.series.id, customer),
      );
      found.set(id, result._tag === 'Success' && result.success ? result.success : 'invalid');
    }
    return (item: TicketItem) =>
      item.promoCode === null
        ? null
        : (found.get(`${item.eventId}|${item.promoCode}|${item.groupCode ?? ''}`) ?? 'invalid');
  });

export const changePriceType = (cmd: ChangePriceType) =>
  Effect.gen(function* () {
    const current = yield* liveBasket(cmd.basketId);
    const contexts = yield* basketContexts(current);
    const promotionOf = yield* itemPromotions(current.tickets, contexts, cmd.customer);
    // A consumer may switch to a member price type only when signed in with a tag that unlocks it.
    const pricingByEvent = new Map<number, EventPricingData>();
    for (const [eventId, context] of contexts)
      pricingByEvent.set(
        eventId,
        yield* pricingForCaller(context.pricing, cmd.staff, {
          basketId: cmd.basketId,
          staff: cmd.staff,
          ...(cmd.customer ? { customer: cmd.customer } : {}),
        }),
      );
    const basket = yield* (yield* Baskets).reprice({
      basketId: current.id,
      exclusive: true,
      save: true,
      plan: (locked) => {
        const outcome = repriceItems(locked.tickets, cmd.itemIds, (item) => {
          const context = contexts.get(item.eventId);
          const promotion = promotionOf(item);
          if (!context) return { message: 'The performance is no longer on sale.' };
          if (promotion === 'invalid') return { message: `The code ${item.promoCode} no longer applies.` };
          const price = priceTicket(
            pricingByEvent.get(item.eventId) ?? context.pricing,
            cmd.staff ? 'Staff' : 'Consumer',
            {
              priceLevelId: item.priceLevelId,
              priceTypeId: cmd.priceTypeId,
              promotion,
              packageId: item.packageId,
            },
          );
          return price;
        });
        return outcome.ok ? outcome.changed : new PriceTypeChangeFailed({ reason: outcome.reason });
      },
    });
    return yield* answerBasket(basket);
  });
