import { z } from 'zod';
import { GiftCertificateItem } from './gift-certificates.ts';
import { MembershipItem } from './memberships.ts';
import { Event, Venue } from './catalogue.ts';

// Shared with web/: no server imports here. The basket calls with the storefront's field names
// (Basket, Basket item, Basket view model, Map basket view model). Amounts are integer minor
// units of the venue currency. The basket is the one the HttpOnly cookie foyer_basket names; a
// call on a missing or expired basket answers 404 { Message } (POST expire excepted: it is
// idempotent).

const id = z.coerce
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2_147_483_647);
const code = z.string().trim().max(64);

// ---- requests ----

export const BasketItemRequest = z.object({
  /** Seat key, section-row-seat. */
  Key: z.string().trim().min(1).max(64),
  /** Default: the price level's default price type (Adult). */
  PriceTypeID: id.nullish(),
  PromoCode: code.nullish(),
  groupCode: code.nullish(),
  /** A package the seat is bought in (PossiblePackageIDs of the seat). */
  packageId: id.nullish(),
  /** The seat's alert (SeatAlertValues) was shown and accepted. */
  SeatAlertAcknowledgement: z.boolean().optional(),
});

export const AddItemsBody = z.object({
  eventId: id,
  basketItems: z.array(BasketItemRequest).min(1, 'choose at least one seat').max(50),
  /** Consumers sell on Web; other channels are for box-office staff (403). */
  salesChannel: z.string().trim().min(1).max(32).default('Web'),
  /** Applies to every seat that names no PromoCode of its own. */
  promoCode: code.nullish(),
  groupCode: code.nullish(),
  /** Comma-joined hold subclass ids the caller sells from (staff channels). */
  holdSubclassIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be comma-separated ids')
    .optional(),
});
export type AddItemsBody = z.input<typeof AddItemsBody>;

export const GeneralAdmissionBody = z.object({
  eventId: id,
  /** Quantity per price key `${PriceLevelID}-${PriceTypeID}` (PriceMaps[].PriceKey). */
  ticketRequest: z.record(
    z.string().regex(/^\d+-\d+$/, 'must be a price key like 12-3'),
    z.number().int('must be a whole number').min(0).max(100),
  ),
  promoCode: code.nullish(),
  groupCode: code.nullish(),
  /** Accepted as browsers send it; GA places are not held back by subclass. */
  holdSubclassId: id.nullish(),
  /** The GA section (MapGASections[].Key); needed only when two sections share a price level. */
  sectionKey: z.string().trim().max(64).nullish(),
  salesChannel: z.string().trim().min(1).max(32).default('Web'),
});
export type GeneralAdmissionBody = z.input<typeof GeneralAdmissionBody>;

export const BasketItemIdsBody = z.object({ basketItemIds: z.array(id).min(1).max(200) });

export const ChangePriceTypeBody = z.object({ basketItemIds: z.array(id).min(1).max(200), priceTypeId: id });

export const ChangePromotionBody = z.object({
  items: z
    .array(
      z.object({
        basketItemId: id,
        /** '' or null takes the promotion off the item. */
        promoCode: code.nullable(),
        groupCode: code.nullish(),
      }),
    )
    .min(1)
    .max(200),
  /** false: answer the basket as it would be, store nothing. */
  save: z.boolean().default(true),
});

export const UpdateNoteBody = z.object({ basketNote: z.string().max(2000).nullable() });

export const ProductUpdate = z.object({
  ProductID: id,
  ProductVariantID: id,
  /** The new quantity; below 0 counts as 0 (the product is taken out). */
  Quantity: z.number().int('must be a whole number').max(99),
  priceLevelID: id.nullish(),
  promotionCode: code.nullish(),
  eventID: id.nullish(),
});

/** Either the list itself or { items: [...] }. */
export const UpdateProductsBody = z
  .union([z.array(ProductUpdate), z.object({ items: z.array(ProductUpdate) })])
  .transform((body) => (Array.isArray(body) ? body : body.items));

export const IdParams = z.object({ id });

export const ViewModelQuery = z.object({ eventID: id.optional() });

export const MarketingOptInsQuery = z.object({
  eventTemplateIds: z.union([id, z.array(id)]).optional(),
});

// ---- answers ----

export const FeeNameValue = z.object({ Name: z.string(), Value: z.number().int() });

export const TicketItem = z.object({
  ID: z.number().int(),
  OrderItemType: z.literal('Ticket'),
  EventID: z.number().int(),
  EventPlanSlotID: z.number().int().nullable(),
  EventTemplateID: z.number().int().nullable(),
  /** Seat key, or the GA section key. */
  Key: z.string(),
  PartialKey: z.string(),
  Section: z.string().nullable(),
  Row: z.string().nullable(),
  Seat: z.string().nullable(),
  SeatID: z.number().int().nullable(),
  GA: z.boolean(),
  Quantity: z.number().int(),
  PriceLevelID: z.number().int(),
  PriceLevelName: z.string(),
  PriceTypeID: z.number().int(),
  PriceTypeName: z.string(),
  FaceValue: z.number().int(),
  /** One ticket before fees (discounted when a promotion applies). */
  Price: z.number().int(),
  DisplayPrice: z.string(),
  /** One ticket's fees; ChildFeeItems names them. */
  FeeTotal: z.number().int(),
  ChildFeeItems: z.array(FeeNameValue),
  PromotionID: z.number().int().nullable(),
  PromoCode: z.string().nullable(),
  groupCode: z.string().nullable(),
  packageId: z.number().int().nullable(),
  PackagePrice: z.number().int().nullable(),
  PackageFees: z.number().int().nullable(),
  /** (Price or PackagePrice + fees) x Quantity. */
  LineTotal: z.number().int(),
  ADAType: z.string().nullable(),
  ADADescription: z.string().nullable(),
  SeatAlertID: z.number().int().nullable(),
  SeatAlertName: z.string().nullable(),
  SeatAlertAcknowledgement: z.boolean(),
  HoldSubclassID: z.number().int().nullable(),
  ExternalSystemData: z.null(),
  ExternalFeeTotal: z.number().int(),
  ProductID: z.null(),
  ProductVariantID: z.null(),
  isToBeDeleted: z.boolean(),
});
export type TicketItem = z.infer<typeof TicketItem>;

export const ProductItem = z.object({
  ID: z.number().int(),
  OrderItemType: z.literal('Product'),
  ProductID: z.number().int(),
  ProductVariantID: z.number().int(),
  EventID: z.number().int().nullable(),
  IsEventTemplateProductItem: z.boolean(),
  Name: z.string(),
  Quantity: z.number().int(),
  Price: z.number().int(),
  LineTotal: z.number().int(),
  ChildFeeItems: z.array(FeeNameValue),
  isToBeDeleted: z.boolean(),
});

const address = (prefix: 'BillTo' | 'ShipTo') =>
  Object.fromEntries(
    ['Address1', 'Address2', 'Address3', 'City', 'State', 'CountryCode', 'PostalCode'].map((f) => [
      `${prefix}${f}`,
      z.string().nullable(),
    ]),
  ) as Record<`${typeof prefix}${string}`, z.ZodNullable<z.ZodString>>;

export const Basket = z.object({
  ID: z.string(),
  /** Whole seconds left by the database's clock; the seats go back on sale at 0. */
  SecondsTilExpiration: z.number().int(),
  ExpiresAt: z.string(),
  IsoCurrencyCode: z.string(),
  CurrencyLocale: z.string(),
  DeliveryMethodID: z.number().int().nullable(),
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  UserID: z.number().int().nullable(),
  SellerID: z.number().int().nullable(),
  PartnerID: z.number().int().nullable(),
  SalesChannel: z.string(),
  IsExchange: z.boolean(),
  exchangeOrderId: z.number().int().nullable(),
  CanSaveBasket: z.boolean(),
  CanOverridePrice: z.boolean(),
  BasketNote: z.string().nullable(),
  EventPlanID: z.number().int().nullable(),
  EventPlanCode: z.string().nullable(),
  SpecialLinkedEventSetup: z.boolean(),
  PromoCode: z.string().nullable(),
  groupCode: z.string().nullable(),
  ContinueWithoutTicketsEventID: z.number().int().nullable(),
  /** TicketAndFeeTotal + ProductTotal + DeliveryTotal + OrderLevelFeeTotal. */
  Total: z.number().int(),
  /** TicketTotal + TicketFeeTotal. */
  TicketAndFeeTotal: z.number().int(),
  TicketTotal: z.number().int(),
  TicketFeeTotal: z.number().int(),
  ProductTotal: z.number().int(),
  DeliveryTotal: z.number().int(),
  OrderLevelFeeTotal: z.number().int(),
  OrderLevelFees: z.array(z.object({ ID: z.number().int(), Name: z.string(), Value: z.number().int() })),
  TicketItems: z.array(TicketItem),
  MembershipItems: z.array(MembershipItem),
  GiftCertificateItems: z.array(GiftCertificateItem),
  /** The gift certificates' amounts; only when the basket sells any. */
  GiftCertificateTotal: z.number().int().optional(),
  /** The memberships' prices; only when the basket sells any. */
  MembershipTotal: z.number().int().optional(),
  ProductItems: z.array(ProductItem),
  EventTemplateProductItems: z.array(ProductItem),
  BasketItems: z.array(z.union([TicketItem, ProductItem])),
  /** Customer tag ids of the marketing opt-ins chosen. */
  marketingOptIns: z.array(z.number().int()),
  ...address('BillTo'),
  ...address('ShipTo'),
});
export type Basket = z.infer<typeof Basket>;

export const BasketVenue = Venue;

/** The catalogue's Event, cut to what the basket shows. */
export const BasketEvent = Event.pick({
  ID: true,
  Name: true,
  UrlSafeName: true,
  LocalDate: true,
  StartsAtUtc: true,
  EventTemplateID: true,
  EventTemplateCode: true,
  EventTemplateName: true,
  VenueConfigurationID: true,
  UseHeavyOnSale: true,
  HasProducts: true,
  SpecialLinkedEvent: true,
  /** Where the basket page's "back to seats" goes. */
  SelectSeatsUrl: true,
  Venue: true,
}).extend({ HideFeesUntilCheckout: z.boolean() });

export const DeliveryMethod = z.object({
  ID: z.number().int(),
  DisplayName: z.string(),
  Price: z.number().int(),
  DeliveryMethodType: z.enum(['PrintAtHome', 'Email', 'Mail', 'PointOfSale']),
  Fields: z.array(z.object({ Field: z.string(), Required: z.boolean() })),
  AllowInternationalShipping: z.boolean(),
  DisplayBasketNotes: z.boolean(),
});

export const ProductOffer = z.object({
  ProductID: z.number().int(),
  ProductVariantID: z.number().int(),
  ProductTypeId: z.number().int(),
  Name: z.string(),
  VariantName: z.string(),
  Description: z.string().nullable(),
  ImageUrl: z.string().nullable(),
  Price: z.number().int(),
  /** Units left to sell, where the variant's stock is counted; null: no limit. */
  Stock: z.number().int().nullable(),
  EventID: z.number().int().nullable(),
  IsEventTemplateProductItem: z.boolean(),
  ChildFeeItems: z.array(FeeNameValue),
});

export const BasketViewModel = z.object({
  Basket,
  Events: z.array(BasketEvent),
  Products: z.array(ProductOffer),
  PriceTypes: z.array(
    z.object({
      ID: z.number().int(),
      Code: z.string(),
      Name: z.string(),
      Description: z.string().nullable(),
      IsDefault: z.boolean(),
    }),
  ),
  DeliveryMethods: z.array(DeliveryMethod),
  Venue: BasketVenue.nullable(),
  /** The chosen delivery method's fields. */
  Fields: z.array(z.object({ Field: z.string(), Required: z.boolean() })),
  HideFeesUntilCheckout: z.boolean(),
  Insurance: z.null(),
});
export type BasketViewModel = z.infer<typeof BasketViewModel>;

export const MapBasketViewModel = z.object({
  ticketItems: z.array(TicketItem),
  activeTicketItems: z.array(TicketItem),
  orderId: z.number().int().nullable(),
  isExchange: z.boolean(),
  exchangeOrderId: z.number().int().nullable(),
  secondsUntilExpiration: z.number().int(),
  eventTemplateCodes: z.array(z.string()),
  event: BasketEvent.nullable(),
  eventPlanId: z.number().int().nullable(),
});
export type MapBasketViewModel = z.infer<typeof MapBasketViewModel>;

export const ExpirationTime = z.object({ SecondsTilExpiration: z.number().int(), ExpiresAt: z.string() });

export const Expired = z.object({ Expired: z.literal(true), ReleasedSeats: z.number().int() });

export const BasketPromotion = z
  .object({
    ID: z.number().int(),
    Code: z.string().nullable(),
    DisplayName: z.string(),
    InstructionText: z.string().nullable(),
    IsPresale: z.boolean(),
    GroupPromoCode: z.boolean(),
    usedGroupCode: z.string().nullable(),
    HideFullRetailPriceOnWeb: z.boolean(),
  })
  .nullable();

export const MarketingOptIns = z.array(
  z.object({
    customerTagId: z.number().int(),
    customerTagText: z.string(),
    defaultStateChecked: z.boolean(),
    checked: z.boolean(),
  }),
);

/** 409 on a hold: the seats (or GA section keys) someone else has; nothing was held. */
export const SeatConflict = z.object({ Message: z.string(), TakenSeats: z.array(z.string()) });

/** One server-sent event of GET /api/events/{id}/seatchanges (event: seatchange). */
export const SeatChangeEvent = z.object({
  eventId: z.number().int(),
  /** Seat keys, or GA section keys (re-read MapGASections for the count). */
  keys: z.array(z.string()),
  /** What the seats show now: Unavailable (in a basket), Open, Hold, Sold. */
  status: z.enum(['Open', 'Unavailable', 'Hold', 'Sold']),
  at: z.string(),
});
export type SeatChangeEvent = z.infer<typeof SeatChangeEvent>;

/** GET /api/v2/products/event/{id}: a performance's products for the selection page, no basket needed. */
export const EventProducts = z.object({
  Event: BasketEvent,
  Products: z.array(ProductOffer),
});
export type EventProducts = z.infer<typeof EventProducts>;
