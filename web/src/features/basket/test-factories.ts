import fc from 'fast-check';
import type { Basket, TicketItem } from '../../../../adapters/http/contract/basket.ts';
import type { BasketEventData, ProductItemData } from './group-by-event.ts';

// Small builders and generators for the basket page's tests: plain data shaped like the API's.

export const ticket = (over: Partial<TicketItem> = {}): TicketItem => ({
  ID: 1,
  OrderItemType: 'Ticket',
  EventID: 3,
  EventPlanSlotID: null,
  EventTemplateID: 1,
  Key: 'STALLS-A-1',
  PartialKey: 'STALLS-A',
  Section: 'Stalls',
  Row: 'A',
  Seat: '1',
  SeatID: 1,
  GA: false,
  Quantity: 1,
  PriceLevelID: 10,
  PriceLevelName: 'Premium',
  PriceTypeID: 1,
  PriceTypeName: 'Adult',
  FaceValue: 5000,
  Price: 5000,
  DisplayPrice: '$50.00',
  FeeTotal: 500,
  ChildFeeItems: [
    { Name: 'Facility fee', Value: 300 },
    { Name: 'Service fee', Value: 200 },
  ],
  PromotionID: null,
  PromoCode: null,
  groupCode: null,
  packageId: null,
  PackagePrice: null,
  PackageFees: null,
  LineTotal: 5500,
  ADAType: null,
  ADADescription: null,
  SeatAlertID: null,
  SeatAlertName: null,
  SeatAlertAcknowledgement: false,
  HoldSubclassID: null,
  ExternalSystemData: null,
  ExternalFeeTotal: 0,
  ProductID: null,
  ProductVariantID: null,
  isToBeDeleted: false,
  ...over,
});

export const product = (over: Partial<ProductItemData> = {}): ProductItemData => ({
  ID: 100,
  OrderItemType: 'Product',
  ProductID: 1,
  ProductVariantID: 1,
  EventID: 3,
  IsEventTemplateProductItem: false,
  Name: 'Programme',
  Quantity: 1,
  Price: 800,
  LineTotal: 800,
  ChildFeeItems: [],
  isToBeDeleted: false,
  ...over,
});

export const basketEvent = (
  id: number,
  startsAtUtc: string,
  over: Partial<BasketEventData> = {},
): BasketEventData => ({
  ID: id,
  Name: 'Hamlet',
  UrlSafeName: 'hamlet',
  LocalDate: startsAtUtc.slice(0, 19),
  StartsAtUtc: startsAtUtc,
  EventTemplateID: 1,
  EventTemplateCode: 'HAMLET',
  EventTemplateName: 'Hamlet',
  VenueConfigurationID: 1,
  UseHeavyOnSale: false,
  HasProducts: false,
  SpecialLinkedEvent: false,
  HideFeesUntilCheckout: false,
  SelectSeatsUrl: `/tickets/series/HAMLET/${id}`,
  Venue: {
    ID: 1,
    Name: 'Grand Theatre',
    DisplayName: 'The Grand Theatre',
    Country: 'US',
    IsoCurrencyCode: 'USD',
    CurrencyLocale: 'en-us',
    TimeZone: 'America/New_York',
  },
  ...over,
});

/** A basket with the totals the server would give these items (no delivery, no order fees). */
export const basketOf = (
  tickets: readonly TicketItem[],
  products: readonly ProductItemData[] = [],
): Basket => {
  const ticketTotal = tickets.reduce((s, t) => s + (t.PackagePrice ?? t.Price) * t.Quantity, 0);
  const feeTotal = tickets.reduce((s, t) => s + (t.PackageFees ?? t.FeeTotal) * t.Quantity, 0);
  const productTotal = products.reduce((s, p) => s + p.LineTotal, 0);
  const address = Object.fromEntries(
    ['BillTo', 'ShipTo'].flatMap((prefix) =>
      ['Address1', 'Address2', 'Address3', 'City', 'State', 'CountryCode', 'PostalCode'].map((f) => [
        `${prefix}${f}`,
        null,
      ]),
    ),
  );
  return {
    ID: 'b-1',
    SecondsTilExpiration: 900,
    ExpiresAt: '2026-11-22T12:15:00.000Z',
    IsoCurrencyCode: 'USD',
    CurrencyLocale: 'en-us',
    DeliveryMethodID: null,
    FirstName: null,
    LastName: null,
    Email: null,
    Phone: null,
    UserID: null,
    SellerID: null,
    PartnerID: null,
    SalesChannel: 'Web',
    IsExchange: false,
    exchangeOrderId: null,
    CanSaveBasket: false,
    CanOverridePrice: false,
    BasketNote: null,
    EventPlanID: null,
    EventPlanCode: null,
    SpecialLinkedEventSetup: false,
    PromoCode: null,
    groupCode: null,
    ContinueWithoutTicketsEventID: null,
    Total: ticketTotal + feeTotal + productTotal,
    TicketAndFeeTotal: ticketTotal + feeTotal,
    TicketTotal: ticketTotal,
    TicketFeeTotal: feeTotal,
    ProductTotal: productTotal,
    DeliveryTotal: 0,
    OrderLevelFeeTotal: 0,
    OrderLevelFees: [],
    TicketItems: [...tickets],
    MembershipItems: [],
    GiftCertificateItems: [],
    ProductItems: products.filter((p) => !p.IsEventTemplateProductItem),
    EventTemplateProductItems: products.filter((p) => p.IsEventTemplateProductItem),
    BasketItems: [...tickets, ...products],
    marketingOptIns: [],
    ...address,
  } as Basket;
};

const feeNames = ['Facility fee', 'Service fee', 'Restoration levy'];

/** Any ticket line as the server could answer it: a seat or a GA line, with fees of known names. */
export const anyTicket: fc.Arbitrary<TicketItem> = fc
  .record({
    ID: fc.integer({ min: 1, max: 1_000_000 }),
    EventID: fc.integer({ min: 1, max: 6 }),
    GA: fc.boolean(),
    Quantity: fc.integer({ min: 1, max: 12 }),
    Section: fc.constantFrom('Stalls', 'Dress Circle', 'Upper Circle', 'Boxes (left)'),
    Row: fc.constantFrom('A', 'B', 'C', 'J', 'AA'),
    Seat: fc.integer({ min: 1, max: 60 }).map(String),
    Price: fc.integer({ min: 0, max: 50_000 }),
    fees: fc.array(
      fc.record({ Name: fc.constantFrom(...feeNames), Value: fc.integer({ min: 0, max: 2_000 }) }),
      {
        maxLength: 3,
      },
    ),
  })
  .map(({ fees, GA, Quantity, ...t }) => {
    const feeTotal = fees.reduce((s, f) => s + f.Value, 0);
    const quantity = GA ? Quantity : 1;
    return ticket({
      ...t,
      GA,
      Quantity: quantity,
      Key: GA ? 'FLOOR' : `${t.Section}-${t.Row}-${t.Seat}`,
      Row: GA ? null : t.Row,
      Seat: GA ? null : t.Seat,
      FaceValue: t.Price,
      ChildFeeItems: fees,
      FeeTotal: feeTotal,
      LineTotal: (t.Price + feeTotal) * quantity,
    });
  });

/** Distinct line ids, as a basket has. */
export const anyTickets = fc.uniqueArray(anyTicket, { selector: (t) => t.ID, maxLength: 20 });
