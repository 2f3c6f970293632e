import { availabilityColor, availabilityOf, type Availability, type SeatCount } from './availability.ts';
import { localDateTime } from './local-time.ts';
import { hoursToEvent, isBeforeSaleDate } from './sale-timing.ts';
import { selectSeatsUrl, urlSafeName } from './storefront-urls.ts';
import { isPromotionRunning, promotionWindow, type PromotionTiming } from '../pricing/promotion-rules.ts';

// An event as the catalogue stores it (UTC instants, the venue's time zone, counts) and as the
// storefront reads it (local wall-clock dates, derived flags).

export interface Venue {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly country: string;
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
}

export interface LinkedEventRecord {
  readonly id: number;
  readonly name: string;
  readonly urlSafeName: string;
  readonly startsAt: Date;
  readonly onSaleAt: Date;
  readonly isPresale: boolean;
}

export interface EventRecord {
  readonly id: number;
  readonly name: string;
  readonly urlSafeName: string;
  readonly startsAt: Date;
  readonly endsAt: Date | null;
  readonly onSaleAt: Date;
  readonly isPresale: boolean;
  readonly useHeavyOnSale: boolean;
  readonly hasProducts: boolean;
  readonly secondaryMarketEventId: string | null;
  readonly mobileImageUrl: string | null;
  readonly upfrontFeeDisclosure: string | null;
  readonly specialLinkedEvent: boolean;
  readonly isCancelled: boolean;
  readonly venueConfigurationId: number;
  readonly series: { readonly id: number; readonly code: string; readonly name: string };
  readonly venue: Venue;
  /** The other day of a two-day event (linked either way), or null. */
  readonly linkedEvent: LinkedEventRecord | null;
  /** Promotions of the series (archived ones left out). */
  readonly promotions: readonly (PromotionTiming & { readonly id: number })[];
  readonly inventory: SeatCount;
}

export interface VenueView {
  readonly ID: number;
  readonly Name: string;
  readonly DisplayName: string;
  readonly Country: string;
  readonly IsoCurrencyCode: string;
  readonly CurrencyLocale: string;
  readonly TimeZone: string;
}

export interface EventView {
  readonly ID: number;
  readonly Name: string;
  readonly UrlSafeName: string;
  readonly LocalDate: string;
  readonly EndDate: string | null;
  readonly StartsAtUtc: string;
  readonly EventTemplateCode: string;
  readonly EventTemplateID: number;
  readonly EventTemplateName: string;
  readonly VenueConfigurationID: number;
  readonly UseHeavyOnSale: boolean;
  readonly IsBeforeSaleDate: boolean;
  readonly IsPresale: boolean;
  readonly LocalOnSaleDate: string;
  readonly PromotionIDs: number[];
  readonly HasProducts: boolean;
  readonly Availability: Availability;
  readonly AvailabilityColor: string;
  readonly MobileImageUrl: string | null;
  readonly SecondaryMarketEventId: string | null;
  readonly linkedEvent: {
    readonly id: number;
    readonly localDate: string;
    readonly name: string;
    readonly urlSafeName: string;
    readonly isBeforeSaleDate: boolean;
    readonly IsPreSale: boolean;
  } | null;
  readonly SpecialLinkedEvent: boolean;
  readonly IsCancelled: boolean;
  readonly Venue: VenueView;
  readonly inActivePromotion: boolean;
  readonly SelectSeatsUrl: string;
  readonly UpfrontFeeDisclosure: string | null;
  readonly HoursToEvent: number;
}

export const venueView = (venue: Venue): VenueView => ({
  ID: venue.id,
  Name: venue.name,
  DisplayName: venue.displayName,
  Country: venue.country,
  IsoCurrencyCode: venue.isoCurrencyCode,
  CurrencyLocale: venue.currencyLocale,
  TimeZone: venue.timeZone,
});

/**
 * The storefront's view of an event at `now`. PromotionIDs are the series' promotions that have
 * not ended; inActivePromotion says one of them is running now.
 */
export const describeEvent = (event: EventRecord, now: Date): EventView => {
  const tz = event.venue.timeZone;
  const availability = availabilityOf(event.inventory);
  const linked = event.linkedEvent;
  return {
    ID: event.id,
    Name: event.name,
    UrlSafeName: event.urlSafeName || urlSafeName(event.name),
    LocalDate: localDateTime(event.startsAt, tz),
    EndDate: event.endsAt ? localDateTime(event.endsAt, tz) : null,
    StartsAtUtc: event.startsAt.toISOString(),
    EventTemplateCode: event.series.code,
    EventTemplateID: event.series.id,
    EventTemplateName: event.series.name,
    VenueConfigurationID: event.venueConfigurationId,
    UseHeavyOnSale: event.useHeavyOnSale,
    IsBeforeSaleDate: isBeforeSaleDate(event.onSaleAt, now),
    IsPresale: event.isPresale,
    LocalOnSaleDate: localDateTime(event.onSaleAt, tz),
    PromotionIDs: event.promotions.filter((p) => !promotionWindow(p, now).ended).map((p) => p.id),
    HasProducts: event.hasProducts,
    Availability: availability,
    AvailabilityColor: availabilityColor(availability),
    MobileImageUrl: event.mobileImageUrl,
    SecondaryMarketEventId: event.secondaryMarketEventId,
    linkedEvent: linked
      ? {
          id: linked.id,
          localDate: localDateTime(linked.startsAt, tz),
          name: linked.name,
          urlSafeName: linked.urlSafeName || urlSafeName(linked.name),
          isBeforeSaleDate: isBeforeSaleDate(linked.onSaleAt, now),
          IsPreSale: linked.isPresale,
        }
      : null,
    SpecialLinkedEvent: event.specialLinkedEvent,
    IsCancelled: event.isCancelled,
    Venue: venueView(event.venue),
    inActivePromotion: event.promotions.some((p) => isPromotionRunning(p, now)),
    SelectSeatsUrl: selectSeatsUrl(event.series.code, event.id, event.useHeavyOnSale),
    UpfrontFeeDisclosure: event.upfrontFeeDisclosure,
    HoursToEvent: hoursToEvent(event.startsAt, now),
  };
};
