import { Effect } from 'effect';
import { Pricing } from '../../pricing/ports.ts';
import { normalizeCode } from '../../pricing/promotion-rules.ts';
import { InvalidRequest, PromotionInvalid } from '../../shared/errors.ts';
import { liveBasket } from '../basket-answer.ts';
import { changePromotion } from '../pricing/change-promotion.ts';

// A clerk adds a promotion code straight to the basket: an
// existing promotion, by its code, on the items named (every ticket when none are named), even
// when the storefront does not offer it: a hidden presale or one restricted to customer tags is
// given on the clerk's word, since the clerk has checked the customer. Everything else the code
// must satisfy (series, dates, one-time group code) still holds: core/basket/pricing/change-promotion.ts
// prices it as the consumer path does. Staff sessions only: the route asks for 'sell'.

export interface StaffPromoCode {
  readonly basketId: string | null;
  readonly promoCode: string;
  readonly groupCode?: string | null;
  /** The items to apply it to; empty or missing: every ticket in the basket. */
  readonly basketItemIds?: readonly number[];
}

export const applyStaffPromoCode = (cmd: StaffPromoCode) =>
  Effect.gen(function* () {
    const code = normalizeCode(cmd.promoCode);
    if (code === '')
      return yield* Effect.fail(new InvalidRequest({ field: 'PromoCode', reason: 'enter a promotion code' }));
    const promotion = yield* (yield* Pricing).promotionByCode(code);
    if (!promotion || promotion.isArchived)
      return yield* Effect.fail(new PromotionInvalid({ code, reason: 'Unknown' }));
    const basket = yield* liveBasket(cmd.basketId);
    const ids = cmd.basketItemIds?.length ? cmd.basketItemIds : basket.tickets.map((t) => t.id);
    if (ids.length === 0)
      return yield* Effect.fail(
        new InvalidRequest({ field: 'BasketItemIds', reason: 'the basket has no tickets to apply it to' }),
      );
    // The clerk vouches for the customer: whatever tags the promotion is restricted to.
    const vouched = Effect.succeed({ customerTagTypeIds: [...promotion.restrictToCustomerTagIds] });
    return yield* changePromotion({
      basketId: cmd.basketId,
      staff: true,
      save: true,
      customer: vouched,
      items: ids.map((basketItemId) => ({ basketItemId, promoCode: code, groupCode: cmd.groupCode ?? null })),
    });
  });
