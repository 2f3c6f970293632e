import {
  isVisibleTo,
  priceMap,
  type AppliedPromotion,
  type EventPricingData,
  type PricingAudience,
} from '../../pricing/price-map.ts';
import type { TicketPrice } from '../basket.ts';
import { BasketRuleViolation } from '../errors.ts';

// A basket ticket is priced by the same price map the seat map shows (core/pricing): face
// value, ticket fees on the face value, the promotion's discount, the package price.

/** A promotion whose code was accepted for the event, with the codes the buyer typed. */
export interface PricedPromotion {
  readonly applied: AppliedPromotion;
  readonly code: string;
  readonly groupCode: string | null;
  /** A presale promotion lets its holders buy before the sale date. */
  readonly isPresale: boolean;
}

export interface TicketPriceRequest {
  readonly priceLevelId: number;
  readonly priceTypeId: number;
  readonly promotion: PricedPromotion | null;
  readonly packageId: number | null;
}

const notOffered = (message: string) => new BasketRuleViolation({ rule: 'PriceTypeNotOffered', message });

/** The price types this audience may buy at a price level, the default one first. */
export const offeredPriceTypeIds = (
  data: EventPricingData,
  audience: PricingAudience,
  priceLevelId: number,
): number[] => {
  const priced = new Set(
    data.prices.filter((p) => p.priceLevelId === priceLevelId).map((p) => p.priceTypeId),
  );
  return data.priceTypes
    .filter((type) => priced.has(type.id) && isVisibleTo(type, audience))
    .sort(
      (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.displayOrder - b.displayOrder || a.id - b.id,
    )
    .map((type) => type.id);
};

/** What one ticket at this price level and type costs, or why it cannot be sold so. */
export const priceTicket = (
  data: EventPricingData,
  audience: PricingAudience,
  request: TicketPriceRequest,
): TicketPrice | BasketRuleViolation => {
  const level = data.priceLevels.find((l) => l.id === request.priceLevelId);
  const type = data.priceTypes.find((t) => t.id === request.priceTypeId);
  if (!level) return notOffered('These seats have no price for this performance.');
  if (!type || !isVisibleTo(type, audience)) return notOffered('This price type is not offered.');
  const face = data.prices.find((p) => p.priceLevelId === level.id && p.priceTypeId === type.id);
  if (!face) return notOffered(`The ${type.name} price is not offered for ${level.label}.`);
  const map = priceMap({
    level,
    type,
    faceValue: face.amount,
    fees: data.fees,
    packages: data.packages,
    currencyLocale: data.currencyLocale,
    audience,
    promotion: request.promotion?.applied,
  });
  let packagePrice: number | null = null;
  let packageFeeTotal: number | null = null;
  if (request.packageId !== null) {
    const offer = map.PackagePriceMaps.find((p) => p.PackageID === request.packageId);
    if (!offer)
      return new BasketRuleViolation({
        rule: 'PackageNotOffered',
        message: 'This package is not offered for these seats.',
      });
    packagePrice = offer.SeatsDiscountedPrice ?? offer.PackageSeatsPrice;
    packageFeeTotal = offer.PackageFeeTotal;
  } else if (map.RequirePackagePurchase) {
    return new BasketRuleViolation({
      rule: 'PackageNotOffered',
      message: 'These seats are sold only as part of a package.',
    });
  }
  const discounted = map.DiscountedPrice !== null && request.promotion !== null;
  return {
    priceLevelId: level.id,
    priceLevelName: level.label,
    priceTypeId: type.id,
    priceTypeName: type.name,
    faceValue: face.amount,
    price: map.Price,
    fees: map.FeeNameValues,
    feeTotal: map.FeeTotal,
    promotionId: discounted ? request.promotion!.applied.promotionId : null,
    promoCode: discounted ? request.promotion!.code : null,
    groupCode: discounted ? request.promotion!.groupCode : null,
    packageId: request.packageId,
    packagePrice,
    packageFeeTotal,
  };
};
