import { formatMoney } from '../i18n/format-money.ts';
import { ADA_TYPES, isAdaType } from '../inventory/accessibility.ts';
import { mapGaSection, type EventGaSection, type MapGASection } from '../inventory/event-inventory.ts';
import { discountFor, type Discount } from './discount.ts';
import { feeTotal, orderLevelFees, ticketFees, type Fee, type FeeNameValue } from './fees.ts';
import { packagePriceMaps, type PackageOffer, type PackagePriceMap } from './package-prices.ts';

// The pricing response of an event (its price map): for every
// price level and price type, the face value, its fees, and the discounted price when a
// promotion applies. Amounts are integer minor units of the venue currency.

export interface PriceLevel {
  readonly id: number;
  readonly zone: string;
  readonly label: string;
  readonly description: string | null;
  readonly color: string;
  readonly displayOrder: number;
}

export interface PriceType {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly isDefault: boolean;
  readonly isComp: boolean;
  readonly consumerVisible: boolean;
  readonly displayOrder: number;
  /** Customer tag types it is restricted to (member prices); empty or absent: everyone. */
  readonly customerTagTypeIds?: readonly number[];
}

export interface Price {
  readonly priceLevelId: number;
  readonly priceTypeId: number;
  /** Face value, minor units. */
  readonly amount: number;
}

export interface SeatAlert {
  readonly id: number;
  readonly name: string;
  readonly message: string;
  readonly requiresAcknowledgement: boolean;
}

/** Everything an event's prices are computed from, read together. */
export interface EventPricingData {
  readonly eventId: number;
  readonly eventTemplateId: number;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
  readonly orderTicketLimit: number;
  readonly ticketLimitMessage: string | null;
  readonly maxCompQuantity: number | null;
  readonly hideFeesUntilCheckout: boolean;
  /** Accessible seat types present in the event's venue configuration. */
  readonly adaTypes: readonly string[];
  readonly seatAlerts: readonly SeatAlert[];
  readonly priceLevels: readonly PriceLevel[];
  readonly priceTypes: readonly PriceType[];
  readonly prices: readonly Price[];
  readonly fees: readonly Fee[];
  readonly packages: readonly PackageOffer[];
  readonly gaSections: readonly EventGaSection[];
}

/** Staff see every price type; consumers only the consumer-visible ones, never comps. */
export type PricingAudience = 'Staff' | 'Consumer';

/** A promotion whose code was accepted for this event, as pricing needs it. */
export interface AppliedPromotion extends Discount {
  /** Consumers see only the discounted price, never the full retail price it came from. */
  readonly hideFullRetailPriceOnWeb: boolean;
}

export interface PriceMap {
  PriceKey: string;
  PriceLevelID: number;
  PriceTypeID: number;
  /** What one ticket costs before fees: the discounted price when the promotion applies. */
  Price: number;
  /** The face value (undiscounted), unless the promotion hides it from consumers. */
  FullPrice: number;
  DisplayPrice: string;
  DiscountedPrice: number | null;
  DiscountedDisplayPrice: string | null;
  FeeTotal: number;
  FeeNameValues: FeeNameValue[];
  /** Price plus FeeTotal: what the ticket costs all in. */
  AllInPrice: number;
  AllInDisplayPrice: string;
  /** True when HideFullRetailPriceOnWeb replaced FullPrice and DisplayPrice by the discounted ones. */
  FullPriceHidden: boolean;
  Label: string;
  Description: string | null;
  Class: string;
  CompositePriceID: string;
  Zone: string;
  Color: string;
  RequirePackagePurchase: boolean;
  PackagePriceMaps: PackagePriceMap[];
}

export interface PricingResponse {
  EventID: number;
  IsoCurrencyCode: string;
  CurrencyLocale: string;
  OrderTicketLimit: number;
  TicketLimitMessage: string;
  MaxCompQuantity: number | null;
  ADATypes: { Type: string; Description: string; Icon: string; CountsTowardLimit: boolean }[];
  SeatAlertValues: { ID: number; Name: string; Message: string; RequiresAcknowledgement: boolean }[];
  PriceLevels: { ID: number; Label: string; Zone: string; Color: string; Description: string | null }[];
  PriceTypes: { ID: number; Code: string; Name: string; Description: string | null; IsDefault: boolean }[];
  PriceMaps: PriceMap[];
  PackagePrices: { PackageID: number; Zone: string; PriceTypeID: number; Price: number; FeeTotal: number }[];
  MapGASections: MapGASection[];
  OrderLevelFees: FeeNameValue[];
  HideFeesUntilCheckout: boolean;
  /** The promotion the prices were discounted by, if any. */
  PromotionID: number | null;
}

/** Consumers never see a type still restricted to customer tags (core/memberships/member-pricing.ts lifts it for members). */
export const isVisibleTo = (type: PriceType, audience: PricingAudience): boolean =>
  audience === 'Staff' ||
  (type.consumerVisible && !type.isComp && (type.customerTagTypeIds ?? []).length === 0);

const cssClass = (zone: string) => `zone-${zone.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export const defaultTicketLimitMessage = (limit: number) =>
  `You may buy up to ${limit} tickets in one order.`;

export interface PriceMapInput {
  readonly level: PriceLevel;
  readonly type: PriceType;
  readonly faceValue: number;
  readonly fees: readonly Fee[];
  readonly packages: readonly PackageOffer[];
  readonly currencyLocale: string;
  readonly audience: PricingAudience;
  readonly promotion?: AppliedPromotion;
}

/** One price level and price type: face value, fees (on the face value) and the discount. */
export const priceMap = ({
  level,
  type,
  faceValue,
  fees,
  packages,
  currencyLocale,
  audience,
  promotion,
}: PriceMapInput): PriceMap => {
  const discounted = discountFor(faceValue, type.id, promotion);
  const hidden =
    audience === 'Consumer' && discounted !== null && promotion?.hideFullRetailPriceOnWeb === true;
  const price = discounted ?? faceValue;
  const full = hidden ? price : faceValue;
  const FeeNameValues = ticketFees(fees, level.id, type.id, faceValue);
  const FeeTotal = feeTotal(FeeNameValues);
  const PackagePriceMaps = packagePriceMaps(packages, level.zone, type.id, promotion);
  return {
    PriceKey: `${level.id}-${type.id}`,
    PriceLevelID: level.id,
    PriceTypeID: type.id,
    Price: price,
    FullPrice: full,
    DisplayPrice: formatMoney(full, currencyLocale),
    DiscountedPrice: discounted,
    DiscountedDisplayPrice: discounted === null ? null : formatMoney(discounted, currencyLocale),
    FeeTotal,
    FeeNameValues,
    AllInPrice: price + FeeTotal,
    AllInDisplayPrice: formatMoney(price + FeeTotal, currencyLocale),
    FullPriceHidden: hidden,
    Label: type.name,
    Description: type.description,
    Class: cssClass(level.zone),
    CompositePriceID:
      discounted === null || !promotion
        ? `${level.id}-${type.id}`
        : `${level.id}-${type.id}-${promotion.promotionId}`,
    Zone: level.zone,
    Color: level.color,
    RequirePackagePurchase: packages.some(
      (offer) => offer.requirePackagePurchase && PackagePriceMaps.some((map) => map.PackageID === offer.id),
    ),
    PackagePriceMaps,
  };
};

const byDisplayOrder = <T extends { displayOrder: number; id: number }>(a: T, b: T) =>
  a.displayOrder - b.displayOrder || a.id - b.id;

/** The pricing response for staff (every price type) or consumers (with a promotion applied). */
export const buildPricing = (
  data: EventPricingData,
  audience: PricingAudience,
  promotion?: AppliedPromotion,
): PricingResponse => {
  const levels = [...data.priceLevels].sort(byDisplayOrder);
  const types = data.priceTypes.filter((type) => isVisibleTo(type, audience)).sort(byDisplayOrder);
  const face = new Map(data.prices.map((p) => [`${p.priceLevelId}-${p.priceTypeId}`, p.amount]));
  const PriceMaps = levels.flatMap((level) =>
    types.flatMap((type) => {
      const faceValue = face.get(`${level.id}-${type.id}`);
      return faceValue === undefined
        ? []
        : [
            priceMap({
              level,
              type,
              faceValue,
              fees: data.fees,
              packages: data.packages,
              currencyLocale: data.currencyLocale,
              audience,
              promotion,
            }),
          ];
    }),
  );
  const typeIds = new Set(types.map((type) => type.id));
  return {
    EventID: data.eventId,
    IsoCurrencyCode: data.isoCurrencyCode,
    CurrencyLocale: data.currencyLocale,
    OrderTicketLimit: data.orderTicketLimit,
    TicketLimitMessage: data.ticketLimitMessage ?? defaultTicketLimitMessage(data.orderTicketLimit),
    MaxCompQuantity: audience === 'Staff' ? data.maxCompQuantity : null,
    ADATypes: data.adaTypes.filter(isAdaType).map((type) => {
      const info = ADA_TYPES[type];
      return {
        Type: info.type,
        Description: info.description,
        Icon: info.icon,
        CountsTowardLimit: info.countsTowardLimit,
      };
    }),
    SeatAlertValues: data.seatAlerts.map((alert) => ({
      ID: alert.id,
      Name: alert.name,
      Message: alert.message,
      RequiresAcknowledgement: alert.requiresAcknowledgement,
    })),
    PriceLevels: levels.map((level) => ({
      ID: level.id,
      Label: level.label,
      Zone: level.zone,
      Color: level.color,
      Description: level.description,
    })),
    PriceTypes: types.map((type) => ({
      ID: type.id,
      Code: type.code,
      Name: type.name,
      Description: type.description,
      IsDefault: type.isDefault,
    })),
    PriceMaps,
    PackagePrices: data.packages.flatMap((offer) =>
      offer.prices
        .filter((p) => typeIds.has(p.priceTypeId))
        .map((p) => ({
          PackageID: offer.id,
          Zone: p.zone,
          PriceTypeID: p.priceTypeId,
          Price: p.amount,
          FeeTotal: p.feeAmount,
        })),
    ),
    MapGASections: data.gaSections.map(mapGaSection),
    OrderLevelFees: orderLevelFees(data.fees),
    HideFeesUntilCheckout: data.hideFeesUntilCheckout,
    PromotionID:
      promotion && PriceMaps.some((map) => map.DiscountedPrice !== null) ? promotion.promotionId : null,
  };
};
