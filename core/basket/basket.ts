import type { FeeNameValue } from '../pricing/fees.ts';

// The basket aggregate as the rules see it (the basket and its items). Plain data; the store
// keeps it in baskets / basket_items, the HTTP edge shows it with the storefront's field names
// (adapters/http/basket/basket-view.ts). Money is integer minor units of the venue currency.

export type BasketStatus = 'Active' | 'Expired' | 'Completed';

/** What one ticket costs, fixed when it was priced (held, or its price type/promotion changed). */
export interface TicketPrice {
  readonly priceLevelId: number;
  readonly priceLevelName: string;
  readonly priceTypeId: number;
  readonly priceTypeName: string;
  /** Face value before any discount. */
  readonly faceValue: number;
  /** What one ticket costs before fees (the discounted price when a promotion applies). */
  readonly price: number;
  readonly fees: readonly FeeNameValue[];
  readonly feeTotal: number;
  readonly promotionId: number | null;
  readonly promoCode: string | null;
  readonly groupCode: string | null;
  readonly packageId: number | null;
  /** A package seat: the whole package's seat price and fee replace price and fees. */
  readonly packagePrice: number | null;
  readonly packageFeeTotal: number | null;
}

/** A seat, or a quantity of places in a general-admission section. */
export interface TicketItem extends TicketPrice {
  readonly id: number;
  readonly eventId: number;
  readonly isGa: boolean;
  /** Seat key (section-row-seat) or GA section key. */
  readonly key: string;
  readonly seatId: number | null;
  readonly sectionId: number | null;
  readonly sectionName: string | null;
  readonly row: string | null;
  readonly seatNumber: string | null;
  /** 1 for a seat. */
  readonly quantity: number;
  readonly adaType: string | null;
  readonly seatAlertId: number | null;
  readonly seatAlertAcknowledged: boolean;
  readonly holdSubclassId: number | null;
  /** The plan slot the ticket fills in a plan basket (core/plans/README.md); absent otherwise. */
  readonly eventPlanSlotId?: number | null;
}

export interface ProductItem {
  readonly id: number;
  readonly productId: number;
  readonly productVariantId: number;
  readonly eventId: number | null;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
}

/**
 * A gift certificate sold with the basket (core/extras/README.md): its amount is what it costs
 * and what it will be worth; it is issued and e-mailed to the recipient once the order is placed.
 */
export interface GiftCertificateItem {
  readonly id: number;
  readonly amount: number;
  readonly recipientName: string | null;
  /** Where the certificate goes; null: to the buyer. */
  readonly recipientEmail: string | null;
  readonly message: string | null;
  /** ISO 4217: the house currency when it was added (one-currency.ts); null on lines older than that. */
  readonly currency: string | null;
}

/**
 * A membership line (OrderItemType Membership): a membership type at one of its price levels, for
 * the buyer or as a gift; issued once the order is placed (core/memberships/README.md).
 */
export interface MembershipItem {
  readonly id: number;
  readonly membershipTypeId: number;
  readonly name: string;
  readonly priceLevelId: number;
  readonly priceLevelName: string;
  readonly price: number;
  readonly isGift: boolean;
  readonly giftFirstName: string | null;
  readonly giftLastName: string | null;
  readonly giftEmail: string | null;
  readonly giftMessage: string | null;
  /** 'YYYY-MM-DD' in the venue's time zone; null: at once. */
  readonly giftDeliveryLocalDate: string | null;
  readonly isSendGiftNow: boolean;
  /** ISO 4217: its membership type's currency (one-currency.ts); null on lines older than that. */
  readonly currency: string | null;
}

export interface DeliveryMethod {
  readonly id: number;
  readonly displayName: string;
  readonly type: 'PrintAtHome' | 'Email' | 'Mail' | 'PointOfSale';
  readonly price: number;
  readonly fields: readonly { readonly Field: string; readonly Required: boolean }[];
  readonly allowInternationalShipping: boolean;
  readonly displayBasketNotes: boolean;
  readonly consumerVisible: boolean;
}

export interface BasketContact {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  /** Address1-3, City, State, CountryCode, PostalCode. */
  readonly billTo: Readonly<Record<string, string>>;
  readonly shipTo: Readonly<Record<string, string>>;
}

export interface Basket {
  readonly id: string;
  readonly status: BasketStatus;
  readonly expiresAt: Date;
  /** Seconds until expiry by the database's clock when the basket was read; 0 once expired. */
  readonly secondsLeft: number;
  readonly salesChannel: { readonly id: number; readonly code: string; readonly isAdmin: boolean };
  readonly sellerId: number | null;
  readonly partnerId: number | null;
  readonly isExchange: boolean;
  readonly exchangeOrderId: number | null;
  readonly canSaveBasket: boolean;
  readonly canOverridePrice: boolean;
  readonly customerId: number | null;
  /** Filled in at checkout (or by staff); null until then. */
  readonly contact: BasketContact;
  readonly eventPlanId: number | null;
  readonly eventPlanCode: string | null;
  readonly specialLinkedEventSetup: boolean;
  readonly deliveryMethodId: number | null;
  readonly note: string | null;
  readonly promoCode: string | null;
  readonly groupCode: string | null;
  readonly continueWithoutTicketsEventId: number | null;
  readonly marketingOptInTagIds: readonly number[];
  readonly tickets: readonly TicketItem[];
  readonly products: readonly ProductItem[];
  /** Gift certificates sold with the basket; absent where a basket is made without any. */
  readonly giftCertificates?: readonly GiftCertificateItem[];
  /** Memberships sold with the basket; absent where a basket is made without any. */
  readonly memberships?: readonly MembershipItem[];
  /**
   * The store's version of the basket and its items as read (opaque; changes with any change to
   * either): a later write can tell in the same statement whether it still has the basket it read.
   */
  readonly version?: string;
}

/** A basket whose time has not run out (and that was not checked out or expired by hand). */
export const isLive = (basket: Pick<Basket, 'status' | 'secondsLeft'>): boolean =>
  basket.status === 'Active' && basket.secondsLeft > 0;

/**
 * SecondsTilExpiration: whole seconds left, rounded down so the web never counts past the
 * moment the seats go back on sale; never negative.
 */
export const secondsTilExpiration = (secondsLeft: number): number =>
  Number.isFinite(secondsLeft) ? Math.max(0, Math.floor(secondsLeft)) : 0;

/**
 * A ticket's place without its seat (PartialKey): the section-row part of its seat key
 * (section-row-seat), which the seat map groups by; a GA line's key is its section's, whole.
 */
export const partialKey = (item: Pick<TicketItem, 'key' | 'isGa'>): string =>
  item.isGa ? item.key : item.key.split('-').slice(0, -1).join('-');

/**
 * A product sold with the whole series (an event template product: no performance of its own),
 * not with one performance.
 */
export const isSeriesProduct = (product: { readonly eventId: number | null }): boolean =>
  product.eventId === null;

/** Whether the basket sells nothing: no tickets, products, gift certificates or memberships. */
export const basketIsEmpty = (
  basket: Pick<Basket, 'tickets' | 'products' | 'giftCertificates' | 'memberships'>,
): boolean =>
  basket.tickets.length +
    basket.products.length +
    (basket.giftCertificates?.length ?? 0) +
    (basket.memberships?.length ?? 0) ===
  0;

/** The events a basket holds tickets for, in the order they were first added. */
export const basketEventIds = (basket: Pick<Basket, 'tickets'>): number[] => [
  ...new Set(basket.tickets.map((t) => t.eventId)),
];
