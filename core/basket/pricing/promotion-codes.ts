import { Clock, Effect } from 'effect';
import { PromotionRestricted } from '../../catalogue/series-promotions.ts';
import { Pricing } from '../../pricing/ports.ts';
import { checkPromotionCode, normalizeCode } from '../../pricing/promotion-rules.ts';
import { anonymousBuyer, customerFor, type CustomerLookup } from '../../pricing/promotion-customer.ts';
import { appliedPromotion } from '../../pricing/view-pricing.ts';
import { PromotionInvalid } from '../../shared/errors.ts';
import type { PricedPromotion } from './item-pricing.ts';

/**
 * A promotion code (and its one-time group code) typed for a basket item of a series: the
 * promotion to price with, null for no code, or why the code does not work. Checking never uses
 * a group code up; checkout does. A code restricted to customer tags needs a signed-in customer
 * with one of the tags (`customer` is looked up only then).
 */
export const resolvePromotion = (
  enteredCode: string | null | undefined,
  enteredGroupCode: string | null | undefined,
  seriesId: number,
  customer: CustomerLookup = anonymousBuyer,
) =>
  Effect.gen(function* () {
    const code = normalizeCode(enteredCode);
    const groupText = normalizeCode(enteredGroupCode);
    if (code === '') return null;
    const pricing = yield* Pricing;
    const promotion = yield* pricing.promotionByCode(code);
    const groupCode =
      promotion && promotion.groupPromoCode && groupText !== ''
        ? yield* pricing.groupCode(promotion.id, groupText)
        : null;
    const check = checkPromotionCode({
      enteredCode: code,
      promotion,
      seriesId,
      enteredGroupCode: groupText,
      groupCode,
      customer: yield* customerFor(promotion, customer),
      now: new Date(yield* Clock.currentTimeMillis),
    });
    if (check.ok)
      return {
        applied: appliedPromotion(check.promotion),
        code: check.promotion.code ?? code,
        groupCode: check.groupCode,
        isPresale: check.promotion.isPresale,
      } satisfies PricedPromotion as PricedPromotion;
    switch (check.reason) {
      case 'LoginRequired':
      case 'TagMismatch':
        return yield* Effect.fail(new PromotionRestricted({ code, reason: check.reason }));
      case 'GroupCodeUnknown':
        return yield* Effect.fail(new PromotionInvalid({ code, reason: 'Unknown' }));
      default:
        return yield* Effect.fail(new PromotionInvalid({ code, reason: check.reason }));
    }
  });
