import type { z } from 'zod';
import type { AnsweredBasket } from '../../../core/basket/basket-answer.ts';
import {
  isSeriesProduct,
  partialKey,
  type DeliveryMethod,
  type GiftCertificateItem,
  type MembershipItem,
  type ProductItem,
  type TicketItem,
} from '../../../core/basket/basket.ts';
import { basketCurrency } from '../../../core/basket/rules/one-currency.ts';
import type { ProductOffer } from '../../../core/basket/ports.ts';
import type { BasketPage, MapBasket } from '../../../core/basket/read-basket.ts';
import type { SaleContext } from '../../../core/basket/sale-context.ts';
import type { StaffAnsweredBasket } from '../../../core/basket/staff/answer.ts';
import {
  productLineTotal,
  ticketLineTotal,
  ticketUnitPrice,
  totalsOfBasket,
} from '../../../core/basket/totals.ts';
import { secondsTilExpiration } from '../../../core/basket/basket.ts';
import { venueView } from '../../../core/catalogue/event.ts';
import { localDateTime } from '../../../core/catalogue/local-time.ts';
import { selectSeatsUrl } from '../../../core/catalogue/storefront-urls.ts';
import { formatMoney } from '../../../core/i18n/format-money.ts';
import { ADA_TYPES, isAdaType } from '../../../core/inventory/accessibility.ts';
import type { Promotion } from '../../../core/pricing/promotion-rules.ts';
import type {
  Basket,
  BasketEvent,
  BasketPromotion,
  BasketViewModel,
  EventProducts,
  ExpirationTime,
  MapBasketViewModel,
  ProductItem as ProductItemSchema,
  ProductOffer as ProductOfferSchema,
  DeliveryMethod as DeliveryMethodSchema,
  TicketItem as TicketItemView,
} from '../contract/basket.ts';
import type { GiftCertificateItem as GiftCertificateItemView } from '../contract/gift-certificates.ts';
import type { MembershipItem as MembershipItemView } from '../contract/memberships.ts';
import type { AdminBasket, AdminTicketItem } from '../contract/staff-basket.ts';

// The basket as the web reads it, in the API's field names (adapters/http/contract/basket.ts:
// Basket, Basket item, Basket view model, Map basket view model), written from what the basket's
// use cases answer (core/basket/). The rules behind the figures (line totals, the basket's totals
// and currency, a seat's partial key, seconds left) are core's; this file only names them.
// Amounts are integer minor units. The order of each object's fields is the order of the answer.

type ProductItemView = z.infer<typeof ProductItemSchema>;
type ProductOfferView = z.infer<typeof ProductOfferSchema>;
type DeliveryMethodView = z.infer<typeof DeliveryMethodSchema>;
type BasketEventView = z.infer<typeof BasketEvent>;
type AdminTicketItemView = z.infer<typeof AdminTicketItem>;

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
    PartialKey: partialKey(item),
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
    DisplayPrice: formatMoney(ticketUnitPrice(item), context?.pricing.currencyLocale ?? 'en-us'),
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
  IsEventTemplateProductItem: isSeriesProduct(item),
  Name: item.name,
  Quantity: item.quantity,
  Price: item.unitPrice,
  LineTotal: productLineTotal(item),
  ChildFeeItems: [],
  isToBeDeleted: false,
});

/** A gift certificate line (OrderItemType GiftCertificate): issued and e-mailed once the order is placed. */
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

const ADDRESS_FIELDS = ['Address1', 'Address2', 'Address3', 'City', 'State', 'CountryCode', 'PostalCode'];

/** The Basket: what every basket call answers. */
export const basketView = ({ basket, contexts, deliveryMethod, house }: AnsweredBasket): Basket => {
  const TicketItems = basket.tickets.map((t) => ticketItemView(t, contexts.get(t.eventId)));
  const products = basket.products.map(productItemView);
  const totals = totalsOfBasket(basket, contexts, deliveryMethod);
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

/**
 * The box office's Basket: the consumer's, each ticket with the price a staff override replaced
 * (OriginalPrice, null when no override is in force).
 */
export const staffBasketView = (answered: StaffAnsweredBasket): AdminBasket => {
  const view = basketView(answered);
  const withOriginal = (item: TicketItemView): AdminTicketItemView => ({
    ...item,
    OriginalPrice: answered.originalPrices.get(item.ID) ?? null,
  });
  return {
    ...view,
    TicketItems: view.TicketItems.map(withOriginal),
    BasketItems: view.BasketItems.map((item) =>
      item.OrderItemType === 'Ticket' ? withOriginal(item) : item,
    ),
  };
};

/** A basket call's answer that may have made a new basket: the Basket, and the basket for the cookie. */
export const heldBasketView = <H extends { readonly basket: AnsweredBasket; readonly basketId: string }>(
  held: H,
): { basket: Basket; basketId: string } => ({ basket: basketView(held.basket), basketId: held.basketId });

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

/** GET mapBasketViewModel: what the seat map needs to mark the caller's own seats. */
export const mapBasketViewModel = ({ basket, contexts, currentEvent }: MapBasket): MapBasketViewModel => {
  const ticketItems = basket.tickets.map((t) => ticketItemView(t, contexts.get(t.eventId)));
  return {
    ticketItems,
    activeTicketItems: ticketItems.filter((t) => !t.isToBeDeleted),
    orderId: null,
    isExchange: basket.isExchange,
    exchangeOrderId: basket.exchangeOrderId,
    secondsUntilExpiration: secondsTilExpiration(basket.secondsLeft),
    eventTemplateCodes: [...new Set([...contexts.values()].map((c) => c.event.series.code))],
    event: currentEvent ? basketEventView(currentEvent) : null,
    eventPlanId: basket.eventPlanId,
  };
};

const fieldsView = (method: DeliveryMethod) =>
  method.fields.map((f) => ({ Field: f.Field, Required: f.Required }));

export const deliveryMethodView = (method: DeliveryMethod): DeliveryMethodView => ({
  ID: method.id,
  DisplayName: method.displayName,
  Price: method.price,
  DeliveryMethodType: method.type,
  Fields: fieldsView(method),
  AllowInternationalShipping: method.allowInternationalShipping,
  DisplayBasketNotes: method.displayBasketNotes,
});

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
  IsEventTemplateProductItem: isSeriesProduct(offer),
  ChildFeeItems: [],
});

/** GET viewmodel: the basket page's data. */
export const basketViewModel = (page: BasketPage): BasketViewModel => {
  const { contexts, deliveryMethod } = page.answered;
  const first = [...contexts.values()][0];
  return {
    Basket: basketView(page.answered),
    Events: [...contexts.values()].map(basketEventView),
    Products: page.products.map(productOfferView),
    PriceTypes: page.priceTypes.map((type) => ({
      ID: type.id,
      Code: type.code,
      Name: type.name,
      Description: type.description,
      IsDefault: type.isDefault,
    })),
    DeliveryMethods: page.deliveryMethods.map(deliveryMethodView),
    Venue: first ? venueView(first.event.venue) : null,
    Fields: deliveryMethod ? fieldsView(deliveryMethod) : [],
    HideFeesUntilCheckout: page.hideFeesUntilCheckout,
    Insurance: null,
  };
};

/** GET expirationtime. */
export const expirationTimeView = (left: {
  readonly secondsTilExpiration: number;
  readonly expiresAt: Date;
}): z.infer<typeof ExpirationTime> => ({
  SecondsTilExpiration: left.secondsTilExpiration,
  ExpiresAt: left.expiresAt.toISOString(),
});

/** GET /api/promotions/getbasketpromotion: the basket's promotion, or null. */
export const basketPromotionView = (
  given: { readonly promotion: Promotion; readonly groupCode: string | null } | null,
): z.infer<typeof BasketPromotion> =>
  given && {
    ID: given.promotion.id,
    Code: given.promotion.code,
    DisplayName: given.promotion.displayName,
    InstructionText: given.promotion.instructionText,
    IsPresale: given.promotion.isPresale,
    GroupPromoCode: given.promotion.groupPromoCode,
    usedGroupCode: given.groupCode,
    HideFullRetailPriceOnWeb: given.promotion.hideFullRetailPriceOnWeb,
  };

/** GET /api/v2/products/event/{id}: the performance and the products offered with it. */
export const eventProductsView = (found: {
  readonly context: SaleContext;
  readonly offers: readonly ProductOffer[];
}): EventProducts => ({
  Event: basketEventView(found.context),
  Products: found.offers.map(productOfferView),
});
