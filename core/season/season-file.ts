// The season file (docs/season-file.md): a box office's whole catalogue as one JSON value, every
// row named by its natural key (codes, names, a template's code and a start instant), never by a
// database id. `foyer season export` writes it, `foyer season import` applies it. Money is in
// minor units as stored; instants are ISO-8601 UTC strings ('2026-12-08T19:30:00.000Z').

/** An ISO-8601 UTC instant, as `Date.prototype.toISOString` writes it. */
export type Instant = string;

/** A performance: its series (event template) code and its start. */
export interface EventRef {
  readonly template: string;
  readonly startsAt: Instant;
}

export interface CustomerTagTypeEntry {
  readonly name: string;
  readonly kind: string;
  readonly optInText: string | null;
  readonly defaultChecked: boolean;
}

export interface SalesChannelEntry {
  readonly code: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

export interface HoldSubclassEntry {
  readonly name: string;
  readonly isKill: boolean;
  readonly isArchived: boolean;
  /** Codes of the sales channels that may sell seats held in it. */
  readonly salesChannels: readonly string[];
}

export interface HoldClassEntry {
  readonly name: string;
  readonly subclasses: readonly HoldSubclassEntry[];
}

export interface PriceTypeEntry {
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly isDefault: boolean;
  readonly isComp: boolean;
  readonly consumerVisible: boolean;
  readonly displayOrder: number;
  /** Names of the customer tag types the price type is kept for (members' prices). */
  readonly customerTagTypes: readonly string[];
}

export interface DeliveryMethodEntry {
  readonly name: string;
  readonly type: string;
  readonly price: number;
  readonly fields: unknown;
  readonly allowInternationalShipping: boolean;
  readonly displayBasketNotes: boolean;
  readonly consumerVisible: boolean;
  readonly displayOrder: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface SeatAlertEntry {
  readonly name: string;
  readonly message: string;
  readonly requiresAcknowledgement: boolean;
}

export interface SectionEntry {
  readonly code: string;
  readonly name: string;
  readonly zone: string | null;
  /** Standing places: a general-admission section; null for a seated one. */
  readonly gaCapacity: number | null;
  readonly label: Point | null;
  readonly displayOrder: number;
}

export interface SeatEntry {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly zone: string;
  readonly qualityRank: number;
  readonly viewFromSeatRow: number | null;
  readonly focalLengthFactor: number | null;
  readonly accessible: string | null;
  /** The name of the configuration's seat alert the seat shows. */
  readonly alert: string | null;
}

export interface ConfigurationEntry {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly focalPoint: Point;
  readonly svg: string;
  readonly seatAlerts: readonly SeatAlertEntry[];
  readonly sections: readonly SectionEntry[];
  readonly seats: readonly SeatEntry[];
}

export interface VenueEntry {
  readonly name: string;
  readonly displayName: string;
  readonly country: string;
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
  readonly address: string | null;
  readonly configurations: readonly ConfigurationEntry[];
}

export interface EventTemplateEntry {
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly venue: string | null;
  /** The configuration (of `venue`) new performances go on. */
  readonly configuration: string | null;
  readonly futureTemplateCode: string | null;
  readonly pastTemplateCode: string | null;
  readonly soldOutHeader: string | null;
  readonly soldOutMessage: string | null;
  readonly adaAgreement: string | null;
  readonly isCalendarView: boolean;
  readonly noBestAvailable: boolean;
  readonly orderTicketLimit: number;
  readonly ticketLimitMessage: string | null;
  readonly maxCompQuantity: number | null;
  readonly hideFeesUntilCheckout: boolean;
  readonly secondaryMarketOption: string;
  readonly imageUrl: string | null;
  readonly mobileImageUrl: string | null;
  readonly isArchived: boolean;
  /** The screens' warning that the English words are incomplete; left out: left as it is. */
  readonly englishIncomplete?: boolean;
  /** Words in other languages (and the English e-mail text), keyed by language. */
  readonly texts: readonly TemplateTextEntry[];
  /** The price levels, prices and fees new performances of the series are given, by zone. */
  readonly defaultPriceLevels: readonly DefaultPriceLevelEntry[];
  readonly defaultPrices: readonly PriceEntry[];
  readonly defaultFees: readonly FeeEntry[];
}

export interface TemplateTextEntry {
  /** One of core/i18n/languages.ts's codes. */
  readonly language: string;
  readonly displayName: string | null;
  readonly description: string | null;
  readonly confirmationEmailText: string | null;
}

export interface DefaultPriceLevelEntry {
  readonly zone: string;
  readonly label: string;
  readonly color: string;
  readonly displayOrder: number;
}

/** An image stored by the SHA-256 of its bytes, which an image URL names. */
export interface ImageEntry {
  /** SHA-256 of the bytes, lowercase hex. */
  readonly hash: string;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  /** The bytes, base64. */
  readonly data: string;
}

export interface PriceLevelEntry {
  readonly zone: string;
  readonly label: string;
  readonly description: string | null;
  readonly color: string;
  readonly displayOrder: number;
}

export interface PriceEntry {
  readonly zone: string;
  readonly priceType: string;
  readonly amount: number;
}

export interface FeeEntry {
  readonly name: string;
  readonly scope: string;
  /** Only for tickets of this price level (its zone); null for every level. */
  readonly zone: string | null;
  /** Only for tickets of this price type; null for every type. */
  readonly priceType: string | null;
  readonly amount: number;
  readonly rateBp: number;
}

export interface EventEntry {
  readonly template: string;
  readonly startsAt: Instant;
  readonly venue: string;
  readonly configuration: string;
  readonly name: string;
  readonly urlSafeName: string;
  readonly endsAt: Instant | null;
  readonly onSaleAt: Instant;
  /** When the storefront stops selling; left out: left as it is. */
  readonly offSaleAt?: Instant | null;
  readonly isPresale: boolean;
  readonly useHeavyOnSale: boolean;
  readonly hasProducts: boolean;
  readonly secondaryMarketEventId: string | null;
  readonly linkedEvent: EventRef | null;
  readonly specialLinkedEvent: boolean;
  readonly upfrontFeeDisclosure: string | null;
  readonly mobileImageUrl: string | null;
  readonly status: string;
  readonly priceLevels: readonly PriceLevelEntry[];
  readonly prices: readonly PriceEntry[];
  readonly fees: readonly FeeEntry[];
}

export interface PromotionEntry {
  /** The code buyers type; null for one applied without a code (an outlet sale). */
  readonly code: string | null;
  readonly displayName: string;
  readonly instructionText: string | null;
  readonly isPresale: boolean;
  readonly hidePresale: boolean;
  readonly groupPromoCode: boolean;
  readonly startsAt: Instant | null;
  readonly endsAt: Instant | null;
  readonly discountKind: string;
  readonly discountValue: number;
  readonly restrictToCustomerTag: boolean;
  readonly customerTagTypes: readonly string[];
  readonly lockedPriceTypes: readonly string[];
  readonly binRestrictions: readonly string[];
  readonly hideFullRetailPriceOnWeb: boolean;
  readonly isOutletSale: boolean;
  readonly isArchived: boolean;
  /** Codes of the series it is limited to (none: every series). */
  readonly eventTemplates: readonly string[];
  /** One-time group codes. */
  readonly groupCodes: readonly string[];
}

export interface PackagePriceEntry {
  readonly zone: string;
  readonly priceType: string;
  readonly amount: number;
  readonly feeAmount: number;
}

export interface PackageEntry {
  readonly template: string;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly requirePackagePurchase: boolean;
  readonly prices: readonly PackagePriceEntry[];
  readonly events: readonly EventRef[];
}

export interface ProductVariantEntry {
  readonly name: string;
  readonly price: number;
  readonly isActive: boolean;
  /** Left to sell (null: unlimited). Set when the variant is made; sales count it down after. */
  readonly stock: number | null;
}

export interface ProductEntry {
  readonly name: string;
  /** Offered with every performance of this series … */
  readonly template: string | null;
  /** … or with this performance; neither: a house product. */
  readonly event: EventRef | null;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly productType: number;
  readonly isActive: boolean;
  readonly displayOrder: number;
  readonly variants: readonly ProductVariantEntry[];
}

export interface EventPlanSlotEntry {
  readonly position: number;
  readonly name: string;
  readonly isRequired: boolean;
  readonly specialLinkedEvent: boolean;
  readonly events: readonly EventRef[];
}

export interface EventPlanEntry {
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly planType: string;
  readonly minQuantity: number | null;
  readonly maxQuantity: number | null;
  readonly defaultSeatQty: number | null;
  readonly minSlotsForPurchase: number | null;
  readonly maxSlotsForPurchase: number | null;
  readonly requireSameSeatQty: boolean;
  readonly specialLinkedEventSetup: boolean;
  readonly template: string | null;
  readonly onSaleAt: Instant | null;
  readonly offSaleAt: Instant | null;
  readonly imageUrl: string | null;
  readonly isArchived: boolean;
  readonly slots: readonly EventPlanSlotEntry[];
}

export interface MembershipLevelEntry {
  readonly name: string;
  readonly description: string | null;
  readonly price: number;
  readonly discountedDisplayPrice: number | null;
  readonly displayOrder: number;
}

export interface MembershipTypeEntry {
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly durationMonths: number;
  /** The customer tag type a membership gives its member while it runs. */
  readonly customerTagType: string;
  readonly timeZone: string;
  readonly currency: string;
  readonly imageUrl: string | null;
  readonly isOnSale: boolean;
  readonly archivedAt: Instant | null;
  readonly levels: readonly MembershipLevelEntry[];
}

export const SEASON_FILE_VERSION = 1;

export interface SeasonFile {
  readonly version: typeof SEASON_FILE_VERSION;
  readonly customerTagTypes: readonly CustomerTagTypeEntry[];
  readonly salesChannels: readonly SalesChannelEntry[];
  readonly holdClasses: readonly HoldClassEntry[];
  readonly priceTypes: readonly PriceTypeEntry[];
  readonly deliveryMethods: readonly DeliveryMethodEntry[];
  readonly venues: readonly VenueEntry[];
  readonly eventTemplates: readonly EventTemplateEntry[];
  readonly events: readonly EventEntry[];
  readonly promotions: readonly PromotionEntry[];
  readonly packages: readonly PackageEntry[];
  readonly products: readonly ProductEntry[];
  readonly eventPlans: readonly EventPlanEntry[];
  readonly membershipTypes: readonly MembershipTypeEntry[];
  /** The images the catalogue's image URLs name, last because they are large. */
  readonly images: readonly ImageEntry[];
}

/** The file's sections in the order they are written (and applied). */
export const SEASON_SECTIONS = [
  'customerTagTypes',
  'salesChannels',
  'holdClasses',
  'priceTypes',
  'deliveryMethods',
  'venues',
  'eventTemplates',
  'events',
  'promotions',
  'packages',
  'products',
  'eventPlans',
  'membershipTypes',
  'images',
] as const satisfies readonly (keyof SeasonFile)[];

export const emptySeasonFile = (): SeasonFile => ({
  version: SEASON_FILE_VERSION,
  customerTagTypes: [],
  salesChannels: [],
  holdClasses: [],
  priceTypes: [],
  deliveryMethods: [],
  venues: [],
  eventTemplates: [],
  events: [],
  promotions: [],
  packages: [],
  products: [],
  eventPlans: [],
  membershipTypes: [],
  images: [],
});

/** Where template images are served (adapters/postgres/event-templates/template-images.ts). */
const IMAGE_URL = /^\/api\/eventtemplates\/images\/([0-9a-f]{64})\.[a-z]+$/;

/** The hash of the stored image `url` names, or null for any other URL. */
export const imageHashOf = (url: string | null | undefined): string | null =>
  (url && IMAGE_URL.exec(url)?.[1]) || null;

/** The hashes of the stored images the file's image URLs name. */
export const imageHashesNamed = (file: Omit<SeasonFile, 'images'>): Set<string> => {
  const urls = [
    ...file.eventTemplates.flatMap((t) => [t.imageUrl, t.mobileImageUrl]),
    ...file.events.map((e) => e.mobileImageUrl),
    ...file.products.map((p) => p.imageUrl),
    ...file.eventPlans.map((p) => p.imageUrl),
    ...file.membershipTypes.map((m) => m.imageUrl),
  ];
  return new Set(urls.map(imageHashOf).filter((h): h is string => h !== null));
};
