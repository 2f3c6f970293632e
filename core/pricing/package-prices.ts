import { discountFor, type Discount } from './discount.ts';
import type { FeeNameValue } from './fees.ts';

// Packages (PackagePriceMaps): a bundle of events sold at a package seat
// price per zone and price type, with its own fee.

export interface PackagePrice {
  readonly zone: string;
  readonly priceTypeId: number;
  /** The whole package's seat price, minor units. */
  readonly amount: number;
  readonly feeAmount: number;
}

/** A package that includes the event being priced. */
export interface PackageOffer {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly requirePackagePurchase: boolean;
  readonly prices: readonly PackagePrice[];
}

export interface PackagePriceMap {
  PackageID: number;
  PackageSeatsPrice: number;
  SeatsDiscountedPrice: number | null;
  PackageFeeNameValues: FeeNameValue[];
  PackageFeeTotal: number;
  /** The seat price is for the whole package, not per event. */
  IsFullTotal: boolean;
}

export const packagePriceMaps = (
  packages: readonly PackageOffer[],
  zone: string,
  priceTypeId: number,
  discount?: Discount,
): PackagePriceMap[] =>
  packages.flatMap((offer) =>
    offer.prices
      .filter((p) => p.zone === zone && p.priceTypeId === priceTypeId)
      .map((p) => {
        const PackageFeeNameValues =
          p.feeAmount > 0 ? [{ Name: `${offer.name} fee`, Value: p.feeAmount }] : [];
        return {
          PackageID: offer.id,
          PackageSeatsPrice: p.amount,
          SeatsDiscountedPrice: discountFor(p.amount, priceTypeId, discount),
          PackageFeeNameValues,
          PackageFeeTotal: PackageFeeNameValues.reduce((sum, fee) => sum + fee.Value, 0),
          IsFullTotal: true,
        };
      }),
  );
