import { Clock, Effect } from 'effect';
import { PromotionInvalid } from '../shared/errors.ts';
import { buildPricing, type AppliedPromotion } from './price-map.ts';
import { Pricing } from './ports.ts';
import {
  checkPromotionCode,
  normalizeCode,
  type Promotion,
  type PromotionRejection,
} from './promotion-rules.ts';

/** GET /api/eventinventory/pricing/{id}: every price type, as the box office sees it. */
export const staffPricing = (eventId: number) =>
  Effect.gen(function* () {
    const pricing = yield* Pricing;
    return buildPricing(yield* pricing.eventPricing(eventId), 'Staff');
  });

export interface ConsumerPricingRequest {
  readonly eventId: number;
  readonly promoCode?: string;
  readonly groupCode?: string;
}

const invalidReason = (reason: PromotionRejection): PromotionInvalid['reason'] => {
  switch (reason) {
    case 'GroupCodeUnknown':
      return 'Unknown';
    case 'LoginRequired':
    case 'TagMismatch':
      // Pricing has no customer yet: a tag-restricted code is honoured in the basket after login.
      return 'Unknown';
    default:
      return reason;
  }
};

export const appliedPromotion = (promotion: Promotion): AppliedPromotion => ({
  promotionId: promotion.id,
  kind: promotion.discount.kind,
  value: promotion.discount.value,
  lockedPriceTypeIds: promotion.lockedPriceTypeIds,
  hideFullRetailPriceOnWeb: promotion.hideFullRetailPriceOnWeb,
});

/**
 * GET /api/eventinventory/pricing/{id}/consumer: consumer price types only; a promotion code
 * (and its one-time group code) valid for the event's series now discounts the prices.
 */
export const consumerPricing = (request: ConsumerPricingRequest) =>
  Effect.gen(function* () {
    const pricing = yield* Pricing;
    const data = yield* pricing.eventPricing(request.eventId);
    const enteredCode = normalizeCode(request.promoCode);
    const enteredGroupCode = normalizeCode(request.groupCode);
    if (enteredCode === '' && enteredGroupCode === '') return buildPricing(data, 'Consumer');
    const promotion = enteredCode === '' ? null : yield* pricing.promotionByCode(enteredCode);
    const groupCode =
      promotion && promotion.groupPromoCode && enteredGroupCode !== ''
        ? yield* pricing.groupCode(promotion.id, enteredGroupCode)
        : null;
    const check = checkPromotionCode({
      enteredCode,
      promotion,
      seriesId: data.eventTemplateId,
      enteredGroupCode,
      groupCode,
      customer: null,
      now: new Date(yield* Clock.currentTimeMillis),
    });
    if (!check.ok)
      return yield* Effect.fail(
        new PromotionInvalid({ code: enteredCode, reason: invalidReason(check.reason) }),
      );
    return buildPricing(data, 'Consumer', appliedPromotion(check.promotion));
  });
