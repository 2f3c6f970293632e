import { z } from 'zod';

// Shared with web/: no server imports here. Field names are the storefront's established ones
// (Seat, Price map, Pricing response). Geometry is not here: it belongs to the cacheable svgdata call.

export const SeatStatus = z.enum(['Open', 'Hold', 'Inquiry', 'Reserved', 'Sold', 'Unavailable']);
export type SeatStatus = z.infer<typeof SeatStatus>;

/**
 * One seat of an event. Optional fields are left out when empty to keep the 20,000-seat payload
 * small. seatStatus is what this sales channel may do with the seat: Open = sellable here;
 * Unavailable = sold or held in someone's basket.
 */
export const MapSeat = z.object({
  Key: z.string(),
  /** Price level id as a string; PriceMaps entries with this PriceLevelID price the seat. */
  PriceKey: z.string(),
  seatStatus: SeatStatus,
  IsGASeat: z.boolean().optional(),
  ADAType: z.string().optional(),
  accessibilityIcon: z.string().optional(),
  seatAlertId: z.number().int().optional(),
  HoldSubclassID: z.number().int().optional(),
  PossiblePackageIDs: z.array(z.number().int()).optional(),
  LockedPromotionIDs: z.array(z.number().int()).optional(),
});
export type MapSeat = z.infer<typeof MapSeat>;

export const MapGASection = z.object({
  Key: z.string(),
  Name: z.string(),
  PriceKey: z.string(),
  Capacity: z.number().int(),
  MaxAvailable: z.number().int(),
});

export const EventInventory = z.object({
  EventID: z.number().int(),
  VenueConfigurationID: z.number().int(),
  /** Changes whenever a seat changes: clients may compare it to skip re-rendering. */
  Version: z.string(),
  MapSeats: z.array(MapSeat),
  MapGASections: z.array(MapGASection),
});
export type EventInventory = z.infer<typeof EventInventory>;

export const EventInventoryQuery = z.object({
  salesChannel: z.string().trim().max(32).default('Web'),
  /** Comma-joined hold subclass ids whose seats this caller may sell. */
  holdSubclassIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated ids')
    .optional(),
});

export const FeeNameValue = z.object({ Name: z.string(), Value: z.number().int() });

export const PriceMap = z.object({
  /** `${PriceLevelID}-${PriceTypeID}`: the key a GA ticketRequest is made per. */
  PriceKey: z.string(),
  PriceLevelID: z.number().int(),
  PriceTypeID: z.number().int(),
  /** Amounts are integer minor units of the venue currency. */
  Price: z.number().int(),
  FullPrice: z.number().int(),
  DisplayPrice: z.string(),
  DiscountedPrice: z.number().int().nullable(),
  DiscountedDisplayPrice: z.string().nullable(),
  FeeTotal: z.number().int(),
  FeeNameValues: z.array(FeeNameValue),
  /** Price + FeeTotal: what one ticket costs all in. */
  AllInPrice: z.number().int(),
  AllInDisplayPrice: z.string(),
  /** HideFullRetailPriceOnWeb: FullPrice and DisplayPrice carry the discounted price for consumers. */
  FullPriceHidden: z.boolean(),
  Label: z.string(),
  Description: z.string().nullable(),
  Class: z.string(),
  CompositePriceID: z.string(),
  Zone: z.string(),
  Color: z.string(),
  RequirePackagePurchase: z.boolean(),
  PackagePriceMaps: z.array(
    z.object({
      PackageID: z.number().int(),
      PackageSeatsPrice: z.number().int(),
      SeatsDiscountedPrice: z.number().int().nullable(),
      PackageFeeNameValues: z.array(FeeNameValue),
      PackageFeeTotal: z.number().int(),
      IsFullTotal: z.boolean(),
    }),
  ),
});
export type PriceMap = z.infer<typeof PriceMap>;

export const PriceType = z.object({
  ID: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Description: z.string().nullable(),
  IsDefault: z.boolean(),
});

export const PriceLevel = z.object({
  ID: z.number().int(),
  Label: z.string(),
  Zone: z.string(),
  Color: z.string(),
  Description: z.string().nullable(),
});

export const Pricing = z.object({
  EventID: z.number().int(),
  IsoCurrencyCode: z.string(),
  CurrencyLocale: z.string(),
  OrderTicketLimit: z.number().int(),
  TicketLimitMessage: z.string(),
  MaxCompQuantity: z.number().int().nullable(),
  ADATypes: z.array(
    z.object({ Type: z.string(), Description: z.string(), Icon: z.string(), CountsTowardLimit: z.boolean() }),
  ),
  SeatAlertValues: z.array(
    z.object({
      ID: z.number().int(),
      Name: z.string(),
      Message: z.string(),
      RequiresAcknowledgement: z.boolean(),
    }),
  ),
  PriceLevels: z.array(PriceLevel),
  PriceTypes: z.array(PriceType),
  PriceMaps: z.array(PriceMap),
  PackagePrices: z.array(
    z.object({
      PackageID: z.number().int(),
      Zone: z.string(),
      PriceTypeID: z.number().int(),
      Price: z.number().int(),
      FeeTotal: z.number().int(),
    }),
  ),
  MapGASections: z.array(MapGASection),
  OrderLevelFees: z.array(FeeNameValue),
  HideFeesUntilCheckout: z.boolean(),
  /** The promotion the prices were discounted by (consumer pricing with a valid code), else null. */
  PromotionID: z.number().int().nullable(),
});
export type Pricing = z.infer<typeof Pricing>;

/** /pricing/{id}/consumer: consumer price types only, with a promotion applied when given. */
export const ConsumerPricingQuery = z.object({
  promoCode: z.string().trim().max(64).optional(),
  groupCode: z.string().trim().max(64).optional(),
  /** A member's customer id: honoured only when it is the signed-in customer's (member price types). */
  userId: z.coerce.number().int().positive().optional(),
});
