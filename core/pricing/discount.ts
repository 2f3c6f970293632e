import { money, percentOfMoney } from '../shared/money.ts';

// A promotion's discount on a ticket's face value (the price map's DiscountedPrice;
// promotions.discount_kind / discount_value).

export interface Discount {
  readonly promotionId: number;
  /** Percent: value in basis points (1000 = 10 %); Amount: value in minor units off each ticket. */
  readonly kind: 'Percent' | 'Amount';
  readonly value: number;
  /**
   * promotions.locked_price_type_ids: when not empty the promotion is locked to these price
   * types and discounts only them; the other types keep their full price.
   */
  readonly lockedPriceTypeIds: readonly number[];
}

export const discountAppliesTo = (discount: Discount, priceTypeId: number): boolean =>
  discount.lockedPriceTypeIds.length === 0 || discount.lockedPriceTypeIds.includes(priceTypeId);

/**
 * The price after the discount: a percentage rounded half up to the minor unit (the customer
 * never pays more than the exact share), an amount taken off; never below 0, never above the
 * face value.
 */
export const discountedPrice = (faceValue: number, discount: Pick<Discount, 'kind' | 'value'>): number => {
  const off =
    discount.kind === 'Percent'
      ? percentOfMoney(money(faceValue, 'XXX'), Math.min(Math.max(discount.value, 0), 10_000)).amount
      : Math.max(discount.value, 0);
  return Math.min(faceValue, Math.max(0, faceValue - off));
};

/** The discounted price for this price type, or null when the promotion does not touch it. */
export const discountFor = (
  faceValue: number,
  priceTypeId: number,
  discount: Discount | undefined,
): number | null =>
  discount && discountAppliesTo(discount, priceTypeId) ? discountedPrice(faceValue, discount) : null;
