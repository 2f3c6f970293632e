import { Effect } from 'effect';
import type { CustomerLookup } from '../../pricing/promotion-customer.ts';
import { answerBasket, basketContexts, liveBasket } from '../basket-answer.ts';
import { BasketRuleViolation } from '../errors.ts';
import { priceTicket, type PricedPromotion } from './item-pricing.ts';
import { Baskets } from '../ports.ts';
import { resolvePromotion } from './promotion-codes.ts';
import { repriceItems } from './reprice.ts';

// PUT changepromotion (items of promoCode and basketItemId, save flag): each named item is
// repriced with its new code ('' takes the promotion off); nothing else changes. Without save,
// the answer shows the basket as it would be and nothing is stored.

export interface PromotionChoice {
  readonly basketItemId: number;
  readonly promoCode: string | null;
  readonly groupCode?: string | null;
}

export interface ChangePromotion {
  readonly basketId: string | null;
  readonly staff: boolean;
  readonly items: readonly PromotionChoice[];
  readonly save: boolean;
  /** The buyer, for codes restricted to customer tags. */
  readonly customer?: CustomerLookup;
}

export const changePromotion = (cmd: ChangePromotion) =>
  Effect.gen(function* () {
    const current = yield* liveBasket(cmd.basketId);
    const contexts = yield* basketContexts(current);
    const chosen = new Map<number, PricedPromotion | null>();
    for (const choice of cmd.items) {
      const item = current.tickets.find((t) => t.id === choice.basketItemId);
      const context = item ? contexts.get(item.eventId) : undefined;
      if (!item || !context)
        return yield* Effect.fail(
          new BasketRuleViolation({
            rule: 'UnknownItem',
            message: `Basket item ${choice.basketItemId} is not in the basket.`,
          }),
        );
      chosen.set(
        item.id,
        yield* resolvePromotion(choice.promoCode, choice.groupCode, context.event.series.id, cmd.customer),
      );
    }
    const basket = yield* (yield* Baskets).reprice({
      basketId: current.id,
      exclusive: false,
      save: cmd.save,
      plan: (locked) => {
        const outcome = repriceItems(locked.tickets, [...chosen.keys()], (item) => {
          const context = contexts.get(item.eventId)!;
          return priceTicket(context.pricing, cmd.staff ? 'Staff' : 'Consumer', {
            priceLevelId: item.priceLevelId,
            priceTypeId: item.priceTypeId,
            promotion: chosen.get(item.id) ?? null,
            packageId: item.packageId,
          });
        });
        return outcome.ok
          ? outcome.changed
          : new BasketRuleViolation({ rule: 'UnknownItem', message: outcome.reason });
      },
    });
    return yield* answerBasket(basket);
  });
