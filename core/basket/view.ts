import { DEFAULT_HOUSE_CURRENCY, type HouseCurrency } from '../accounts/house-currency.ts';
import { basketCurrency } from './one-currency.ts';
import { localDateTime } from '../catalogue/local-time.ts';
import { venueView, type VenueView } from '../catalogue/event.ts';
import { selectSeatsUrl } from '../catalogue/storefront-urls.ts';
import { formatMoney } from '../i18n/format-money.ts';
import { ADA_TYPES, isAdaType } from '../inventory/accessibility.ts';
import type { FeeNameValue, Fee } from '../pricing/fees.ts';
import { isVisibleTo } from '../pricing/price-map.ts';
import {
  secondsTilExpiration,
  type Basket,
  type DeliveryMethod,
  type GiftCertificateItem,
  type MembershipItem,
  type ProductItem,
  type TicketItem,
} from './basket.ts';
import type { ProductOffer } from './ports.ts';
import type { SaleContext } from './sale-context.ts';
import {
  hasSomethingToDeliver,
  isComplimentaryBasket,
  offeredDeliveryMethods,
} from './complimentary-delivery.ts';
import { basketTotals, orderLevelFeesFor, ticketLineTotal, type OrderLevelFee } from './totals.ts';

// The basket as the web reads it, with the API's field names (Basket, Basket item, Basket view
// model, Map basket view model). Amounts are integer minor units.

export interface TicketItemView {
  ID: number;
  OrderItemType: 'Ticket';
  EventID: number;
  EventPlanSlotID: number | null;
  EventTemplateID: number | null;
  Key: string;
  PartialKey: string;
  Section: string | null;
  Row: string | null;
  Seat: string | null;
  SeatID: number | null;
  GA: boolean;
  Quantity: number;
  PriceLevelID: number;
  PriceLevelName: string;
  PriceTypeID: number;
  PriceTypeName: string;
  FaceValue: number;
  Price: number;
  DisplayPrice: string;
  FeeTotal: number;
  ChildFeeItems: FeeNameValue[];
  PromotionID: number | null;
  PromoCode: string | null;
  groupCode: string | null;
  packageId: number | null;
  PackagePrice: number | null;
  PackageFees: number | null;
  LineTotal: number;
  ADAType: string | null;
  ADADescription: string | null;
  SeatAlertID: number | null;
  SeatAlertName: string | null;
  SeatAlertAcknowledgement: boolean;
  HoldSubclassID: number | null;
  ExternalSystemData: null;
  ExternalFeeTotal: number;
  ProductID: null;
  ProductVariantID: null;
  isToBeDeleted: boolean;
}

export interface ProductItemView {
  ID: number;
  OrderItemType: 'Product';
  ProductID: number;
  ProductVariantID: number;
  EventID: number | null;
  IsEventTemplateProductItem: boolean;
  Name: string;
  Quantity: number;
  Price: number;
  LineTotal: number;
  ChildFeeItems: FeeNameValue[];
  isToBeDeleted: boolean;
}

export interface BasketView {
  ID: string;
  SecondsTilExpiration: number;
  ExpiresAt: string;
  IsoCurrencyCode: string;
  CurrencyLocale: string;
  DeliveryMethodID: number | null;
  FirstName: string | null;
  LastName: string | null;
  Email: string | null;
  Phone: string | null;
  UserID: number | null;
  SellerID: number | null;
  PartnerID: number | null;
  SalesChannel: string;
  IsExchange: boolean;
  exchangeOrderId: number | null;
  CanSaveBasket: boolean;
  CanOverridePrice: boolean;
  BasketNote: string | null;
  EventPlanID: number | null;
  EventPlanCode: string | null;
  SpecialLinkedEventSetup: boolean;
  PromoCode: string | null;
  groupCode: string | null;
  ContinueWithoutTicketsEventID: number | null;
  Total: number;
  TicketAndFeeTotal: number;
  TicketTotal: number;
  TicketFeeTotal: number;
  ProductTotal: number;
  DeliveryTotal: number;
  OrderLevelFeeTotal: number;
  OrderLevelFees: OrderLevelFee[];
  TicketItems: TicketItemView[];
  MembershipItems: MembershipItemView[];
  GiftCertificateItems: GiftCertificateItemView[];
  GiftCertificateTotal?: number;
  MembershipTotal?: number;
  ProductItems: ProductItemView[];
  EventTemplateProductItems: ProductItemView[];
  BasketItems: (TicketItemView | ProductItemView)[];
  marketingOptIns: number[];
  [address: `${'BillTo' | 'ShipTo'}${string}`]: string | null;
}

const ADDRESS_FIELDS = ['Address1', 'Address2', 'Address3', 'City', 'State', 'CountryCode', 'PostalCode'];

export const ticketItemView = (item: TicketItem, context: SaleContext | undefined): TicketItemView => {
  const alert =
    item.seatAlertId === null
      ? undefined
      : context?.pricing.seatAlerts.find((a) => a.id === item.seatAlertId);
  return {
    ID: item.id,
    OrderItemType: 'Ticket',
    EventID: item.eventId,
    EventPlanSlotID: item.eventPlanSlotId ?? null,
    EventTemplateID: context?.event.series.id ?? null,
    Key: item.key,
    PartialKey: item.isGa ? item.key : item.key.split('-').slice(0, -1).join('-'),
    Section: item.sectionName,
    Row: item.row,
    Seat: item.seatNumber,
    SeatID: item.seatId,
    GA: item.isGa,
    Quantity: item.quantity,
    PriceLevelID: item.priceLevelId,
    PriceLevelName: item.priceLevelName,
    PriceTypeID: item.priceTypeId,
    PriceTypeName: item.priceTypeName,
    FaceValue: item.faceValue,
    Price: item.price,
    DisplayPrice: formatMoney(item.packagePrice ?? item.price, context?.pricing.currencyLocale ?? 'en-us'),
    FeeTotal: item.feeTotal,
    ChildFeeItems: [...item.fees],
    PromotionID: item.promotionId,
    PromoCode: item.promoCode,
    groupCode: item.groupCode,
    packageId: item.packageId,
    PackagePrice: item.packagePrice,
    PackageFees: item.packageFeeTotal,
    LineTotal: ticketLineTotal(item),
    ADAType: item.adaType,
    ADADescription: isAdaType(item.adaType) ? ADA_TYPES[item.adaType].description : null,
    SeatAlertID: item.seatAlertId,
    SeatAlertName: alert?.name ?? null,
    SeatAlertAcknowledgement: item.seatAlertAcknowledged,
    HoldSubclassID: item.holdSubclassId,
    ExternalSystemData: null,
    ExternalFeeTotal: 0,
    ProductID: null,
    ProductVariantID: null,
    isToBeDeleted: false,
  };
};

export const productItemView = (item: ProductItem): ProductItemView => ({
  ID: item.id,
  OrderItemType: 'Product',
  ProductID: item.productId,
  ProductVariantID: item.productVariantId,
  EventID: item.eventId,
  IsEventTemplateProductItem: item.eventId === null,
  Name: item.name,
  Quantity: item.quantity,
  Price: item.unitPrice,
  LineTotal: item.unitPrice * item.quantity,
  ChildFeeItems: [],
  isToBeDeleted: false,
});

/** A gift certificate line (OrderItemType GiftCertificate): issued and e-mailed once the order is placed. */
export interface GiftCertificateItemView {
  ID: number;
  OrderItemType: 'GiftCertificate';
  Amount: number;
  RecipientName: string | null;
  RecipientEmail: string | null;
  Message: string | null;
  LineTotal: number;
}

export const giftCertificateItemView = (item: GiftCertificateItem): GiftCertificateItemView => ({
  ID: item.id,
  OrderItemType: 'GiftCertificate',
  Amount: item.amount,
  RecipientName: item.recipientName,
  RecipientEmail: item.recipientEmail,
  Message: item.message,
  LineTotal: item.amount,
});

/** A membership line (OrderItemType Membership): issued once the order is placed (core/memberships). */
export interface MembershipItemView {
  ID: number;
  OrderItemType: 'Membership';
  MembershipTypeID: number;
  Name: string;
  PriceLevelID: number;
  PriceLevelName: string;
  Price: number;
  Quantity: 1;
  IsGift: boolean;
  GiftFirstName: string | null;
  GiftLastName: string | null;
  GiftEmail: string | null;
  GiftMessage: string | null;
  GiftDeliveryLocalDate: string | null;
  IsSendGiftNow: boolean;
}

export const membershipItemView = (item: MembershipItem): MembershipItemView => ({
  ID: item.id,
  OrderItemType: 'Membership',
  MembershipTypeID: item.membershipTypeId,
  Name: item.name,
  PriceLevelID: item.priceLevelId,
  PriceLevelName: item.priceLevelName,
  Price: item.price,
  Quantity: 1,
  IsGift: item.isGift,
  GiftFirstName: item.giftFirstName,
  GiftLastName: item.giftLastName,
  GiftEmail: item.giftEmail,
  GiftMessage: item.giftMessage,
  GiftDeliveryLocalDate: item.giftDeliveryLocalDate,
  IsSendGiftNow: item.isSendGiftNow,
});

/** The order-level fees of the basket's events, from each event's fee table. */
export const basketOrderFees = (
  basket: Pick<Basket, 'tickets'>,
  contexts: ReadonlyMap<number, SaleContext>,
): OrderLevelFee[] => {
  const feesByEvent = new Map<number, readonly Fee[]>();
  for (const [eventId, context] of contexts) feesByEvent.set(eventId, context.pricing.fees);
  // Complimentary tickets (a comp price type: house seats without payment) carry no order fee.
  const isComp = (t: TicketItem) =>
    contexts.get(t.eventId)?.pricing.priceTypes.some((type) => type.id === t.priceTypeId && type.isComp) ===
    true;
  return orderLevelFeesFor(
    basket.tickets.filter((t) => !isComp(t)),
    feesByEvent,
  );
};

export const basketView = (
  basket: Basket,
  contexts: ReadonlyMap<number, SaleContext>,
  deliveryMethod: DeliveryMethod | null,
  house: HouseCurrency = DEFAULT_HOUSE_CURRENCY,
): BasketView => {
  const TicketItems = basket.tickets.map((t) => ticketItemView(t, contexts.get(t.eventId)));
  const products = basket.products.map(productItemView);
  const totals = basketTotals({
    tickets: basket.tickets,
    products: basket.products,
    deliveryPrice: deliveryMethod?.price ?? 0,
    orderLevelFees: basketOrderFees(basket, contexts),
    giftCertificates: basket.giftCertificates ?? [],
    memberships: basket.memberships ?? [],
  });
  const currency = basketCurrency(basket, contexts, house);
  const address: Record<string, string | null> = {};
  for (const field of ADDRESS_FIELDS) {
    address[`BillTo${field}`] = basket.contact.billTo[field] ?? null;
    address[`ShipTo${field}`] = basket.contact.shipTo[field] ?? null;
  }
  return {
    ID: basket.id,
    SecondsTilExpiration: secondsTilExpiration(basket.secondsLeft),
    ExpiresAt: basket.expiresAt.toISOString(),
    IsoCurrencyCode: currency.isoCurrencyCode,
    CurrencyLocale: currency.currencyLocale,
    DeliveryMethodID: basket.deliveryMethodId,
    FirstName: basket.contact.firstName,
    LastName: basket.contact.lastName,
    Email: basket.contact.email,
    Phone: basket.contact.phone,
    UserID: basket.customerId,
    SellerID: basket.sellerId,
    PartnerID: basket.partnerId,
    SalesChannel: basket.salesChannel.code,
    IsExchange: basket.isExchange,
    exchangeOrderId: basket.exchangeOrderId,
    CanSaveBasket: basket.canSaveBasket,
    CanOverridePrice: basket.canOverridePrice,
    BasketNote: basket.note,
    EventPlanID: basket.eventPlanId,
    EventPlanCode: basket.eventPlanCode,
    SpecialLinkedEventSetup: basket.specialLinkedEventSetup,
    PromoCode: basket.promoCode,
    groupCode: basket.groupCode,
    ContinueWithoutTicketsEventID: basket.continueWithoutTicketsEventId,
    ...totals,
    OrderLevelFees: [...totals.OrderLevelFees],
    TicketItems,
    MembershipItems: (basket.memberships ?? []).map(membershipItemView),
    GiftCertificateItems: (basket.giftCertificates ?? []).map(giftCertificateItemView),
    ProductItems: products.filter((p) => !p.IsEventTemplateProductItem),
    EventTemplateProductItems: products.filter((p) => p.IsEventTemplateProductItem),
    BasketItems: [...TicketItems, ...products],
    marketingOptIns: [...basket.marketingOptInTagIds],
    ...address,
  };
};

export interface BasketEventView {
  ID: number;
  Name: string;
  UrlSafeName: string;
  LocalDate: string;
  StartsAtUtc: string;
  EventTemplateID: number;
  EventTemplateCode: string;
  EventTemplateName: string;
  VenueConfigurationID: number;
  UseHeavyOnSale: boolean;
  HasProducts: boolean;
  SpecialLinkedEvent: boolean;
  HideFeesUntilCheckout: boolean;
  SelectSeatsUrl: string;
  Venue: VenueView;
}

export const basketEventView = ({ event, pricing }: SaleContext): BasketEventView => ({
  ID: event.id,
  Name: event.name,
  UrlSafeName: event.urlSafeName,
  LocalDate: localDateTime(event.startsAt, event.venue.timeZone),
  StartsAtUtc: event.startsAt.toISOString(),
  EventTemplateID: event.series.id,
  EventTemplateCode: event.series.code,
  EventTemplateName: event.series.name,
  VenueConfigurationID: event.venueConfigurationId,
  UseHeavyOnSale: event.useHeavyOnSale,
  HasProducts: event.hasProducts,
  SpecialLinkedEvent: event.specialLinkedEvent,
  HideFeesUntilCheckout: pricing.hideFeesUntilCheckout,
  SelectSeatsUrl: selectSeatsUrl(event.series.code, event.id, event.useHeavyOnSale),
  Venue: venueView(event.venue),
});

export interface MapBasketViewModel {
  ticketItems: TicketItemView[];
  activeTicketItems: TicketItemView[];
  orderId: number | null;
  isExchange: boolean;
  exchangeOrderId: number | null;
  secondsUntilExpiration: number;
  eventTemplateCodes: string[];
  event: BasketEventView | null;
  eventPlanId: number | null;
}

/** GET mapBasketViewModel: what the seat map needs to mark the caller's own seats. */
export const mapBasketViewModel = (
  basket: Basket,
  contexts: ReadonlyMap<number, SaleContext>,
): MapBasketViewModel => {
  const ticketItems = basket.tickets.map((t) => ticketItemView(t, contexts.get(t.eventId)));
  const current = basket.tickets.at(-1);
  const context = current ? contexts.get(current.eventId) : undefined;
  return {
    ticketItems,
    activeTicketItems: ticketItems.filter((t) => !t.isToBeDeleted),
    orderId: null,
    isExchange: basket.isExchange,
    exchangeOrderId: basket.exchangeOrderId,
    secondsUntilExpiration: secondsTilExpiration(basket.secondsLeft),
    eventTemplateCodes: [...new Set([...contexts.values()].map((c) => c.event.series.code))],
    event: context ? basketEventView(context) : null,
    eventPlanId: basket.eventPlanId,
  };
};

export interface DeliveryMethodView {
  ID: number;
  DisplayName: string;
  Price: number;
  DeliveryMethodType: DeliveryMethod['type'];
  Fields: { Field: string; Required: boolean }[];
  AllowInternationalShipping: boolean;
  DisplayBasketNotes: boolean;
}

export const deliveryMethodView = (method: DeliveryMethod): DeliveryMethodView => ({
  ID: method.id,
  DisplayName: method.displayName,
  Price: method.price,
  DeliveryMethodType: method.type,
  Fields: method.fields.map((f) => ({ Field: f.Field, Required: f.Required })),
  AllowInternationalShipping: method.allowInternationalShipping,
  DisplayBasketNotes: method.displayBasketNotes,
});

export interface ProductOfferView {
  ProductID: number;
  ProductVariantID: number;
  ProductTypeId: number;
  Name: string;
  VariantName: string;
  Description: string | null;
  ImageUrl: string | null;
  Price: number;
  /** Units left to sell, where the variant's stock is counted; null: no limit. */
  Stock: number | null;
  EventID: number | null;
  IsEventTemplateProductItem: boolean;
  ChildFeeItems: FeeNameValue[];
}

export const productOfferView = (offer: ProductOffer): ProductOfferView => ({
  ProductID: offer.productId,
  ProductVariantID: offer.productVariantId,
  ProductTypeId: offer.productTypeId,
  Name: offer.name,
  VariantName: offer.variantName,
  Description: offer.description,
  ImageUrl: offer.imageUrl,
  Price: offer.price,
  Stock: offer.stock,
  EventID: offer.eventId,
  IsEventTemplateProductItem: offer.eventId === null,
  ChildFeeItems: [],
});

export interface BasketViewModel {
  Basket: BasketView;
  Events: BasketEventView[];
  Products: ProductOfferView[];
  PriceTypes: { ID: number; Code: string; Name: string; Description: string | null; IsDefault: boolean }[];
  DeliveryMethods: DeliveryMethodView[];
  Venue: VenueView | null;
  Fields: { Field: string; Required: boolean }[];
  HideFeesUntilCheckout: boolean;
  Insurance: null;
}

/** GET viewmodel: the basket page's data. */
export const basketViewModel = (input: {
  readonly basket: Basket;
  readonly contexts: ReadonlyMap<number, SaleContext>;
  readonly deliveryMethods: readonly DeliveryMethod[];
  readonly products: readonly ProductOffer[];
  readonly staff: boolean;
  readonly house?: HouseCurrency;
}): BasketViewModel => {
  const { basket, contexts } = input;
  const methods = offeredDeliveryMethods(input.deliveryMethods, {
    staff: input.staff,
    complimentary: isComplimentaryBasket(basket, contexts),
  });
  const chosen = hasSomethingToDeliver(basket)
    ? (input.deliveryMethods.find((m) => m.id === basket.deliveryMethodId) ?? null)
    : null;
  const audience = input.staff ? 'Staff' : 'Consumer';
  const priceTypes = new Map<number, BasketViewModel['PriceTypes'][number]>();
  for (const context of contexts.values())
    for (const type of context.pricing.priceTypes)
      if (isVisibleTo(type, audience))
        priceTypes.set(type.id, {
          ID: type.id,
          Code: type.code,
          Name: type.name,
          Description: type.description,
          IsDefault: type.isDefault,
        });
  const first = [...contexts.values()][0];
  return {
    Basket: basketView(basket, contexts, chosen, input.house),
    Events: [...contexts.values()].map(basketEventView),
    Products: input.products.map(productOfferView),
    PriceTypes: [...priceTypes.values()],
    DeliveryMethods: methods.map(deliveryMethodView),
    Venue: first ? venueView(first.event.venue) : null,
    Fields: chosen ? chosen.fields.map((f) => ({ Field: f.Field, Required: f.Required })) : [],
    HideFeesUntilCheckout: [...contexts.values()].some((c) => c.pricing.hideFeesUntilCheckout),
    Insurance: null,
  };
};
