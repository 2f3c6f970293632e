import { Clock, Effect } from 'effect';
import { PromotionRestricted } from '../catalogue/series-promotions.ts';
import { PromotionInvalid } from '../shared/errors.ts';
import { buildPricing, type AppliedPromotion } from './price-map.ts';
import { Pricing } from './ports.ts';
import { forMember, hasMemberPriceTypes } from '../memberships/member-pricing.ts';
import { customerFor, type CustomerLookup } from './promotion-customer.ts';
import {
  checkPromotionCode,
  normalizeCode,
  type Promotion,
  type PromotionRejection,
} from './promotion-rules.ts';

/** The box office's prices of an event: every price type, as the clerk sees it. */
export const staffPricing = (eventId: number) =>
  Effect.gen(function* () {
    const pricing = yield* Pricing;
    return buildPricing(yield* pricing.eventPricing(eventId), 'Staff');
  });

export interface ConsumerPricingRequest {
  readonly eventId: number;
  readonly promoCode?: string;
  readonly groupCode?: string;
  /** The buyer, for a code restricted to customer tags (anonymous when not given). */
  readonly customer?: CustomerLookup;
  /** The signed-in customer whose tags unlock member price types (core/memberships/member-pricing.ts). */
  readonly member?: CustomerLookup;
}

/** Why a code does not price: who is asking (login-required or unavailable modal), or the code. */
const refusal = (code: string, reason: PromotionRejection): PromotionInvalid | PromotionRestricted => {
  switch (reason) {
    case 'GroupCodeUnknown':
      return new PromotionInvalid({ code, reason: 'Unknown' });
    case 'LoginRequired':
    case 'TagMismatch':
      return new PromotionRestricted({ code, reason });
    default:
      return new PromotionInvalid({ code, reason });
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
 * The storefront's prices of an event: consumer price types only; a promotion code
 * (and its one-time group code) valid for the event's series now discounts the prices. A code
 * restricted to customer tags prices only for a signed-in customer with one of the tags.
 */
export const consumerPricing = (request: ConsumerPricingRequest) =>
  Effect.gen(function* () {
    const pricing = yield* Pricing;
    const all = yield* pricing.eventPricing(request.eventId);
    const member = request.member && hasMemberPriceTypes(all.priceTypes) ? yield* request.member : null;
    const data = forMember(all, member?.customerTagTypeIds ?? []);
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
      customer: yield* customerFor(promotion, request.customer),
      now: new Date(yield* Clock.currentTimeMillis),
    });
    if (!check.ok) return yield* Effect.fail(refusal(enteredCode, check.reason));
    return buildPricing(data, 'Consumer', appliedPromotion(check.promotion));
  });
