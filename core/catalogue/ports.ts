import { Context, type Effect } from 'effect';
import type { EventRecord } from './event.ts';
import type { CalendarDate } from './local-time.ts';
import type { SeatMap, SeatMapDrawing } from './seat-map.ts';
import type { SeriesPackage, SeriesRecord } from './series.ts';
import type { ShowRange } from './series-dates.ts';
import type { GroupCode, Promotion } from '../pricing/promotion-rules.ts';

/** Which events a list asks for. Cancelled events are never listed. */
export interface EventSearch {
  /** Only this series (matched case-insensitively). Without it, archived series are left out. */
  readonly seriesCode?: string;
  /**
   * Events starting on or after this local day in each event's venue time zone; `today` means
   * the local day at that instant, venue by venue.
   */
  readonly from: { readonly date: CalendarDate } | { readonly today: Date };
  readonly limit: number;
  readonly offset: number;
  /** At most this many events per series (the first ones from `from`). */
  readonly perSeries?: number;
}

export interface EventSeating {
  readonly venueConfigurationId: number;
  readonly useHeavyOnSale: boolean;
}

/** Read side of the catalogue: events, series, their promotions and seat-map geometry. */
export class Catalogue extends Context.Service<
  Catalogue,
  {
    /** Events in start order; hasMore when another page follows. */
    readonly events: (search: EventSearch) => Effect.Effect<{ events: EventRecord[]; hasMore: boolean }>;
    /** One event, cancelled or not. */
    readonly event: (id: number) => Effect.Effect<EventRecord | null>;
    /**
     * Where an event is seated and whether it is sold by best available only, without the rest of
     * the event (its availability counts every seat): for naming a seat map page's reads.
     */
    readonly eventSeating: (id: number) => Effect.Effect<EventSeating | null>;
    /** The series with this code (case-insensitively). */
    readonly series: (code: string) => Effect.Effect<SeriesRecord | null>;
    /** The series' events (cancelled left out) starting in [start, end), in start order. */
    readonly seriesEventsBetween: (seriesId: number, start: Date, end: Date) => Effect.Effect<EventRecord[]>;
    /** Show ranges of the series and of every season linked to it by past/future codes. */
    readonly seasonShowRanges: (seriesId: number) => Effect.Effect<ShowRange[]>;
    readonly packages: (seriesId: number) => Effect.Effect<SeriesPackage[]>;
    /** Promotions linked to the series, archived ones included (the rules decide). */
    readonly seriesPromotions: (seriesId: number) => Effect.Effect<Promotion[]>;
    /** The promotion whose code matches case-insensitively. */
    readonly promotionByCode: (code: string) => Effect.Effect<Promotion | null>;
    /** A one-time group code of the promotion (case-insensitively); reading never uses it up. */
    readonly groupCode: (promotionId: number, code: string) => Effect.Effect<GroupCode | null>;
    /** When the venue configuration was last saved, or null when it does not exist. */
    readonly seatMapUpdatedAt: (venueConfigurationId: number) => Effect.Effect<Date | null>;
    readonly seatMap: (venueConfigurationId: number) => Effect.Effect<(SeatMap & { updatedAt: Date }) | null>;
    readonly seatMapDrawing: (venueConfigurationId: number) => Effect.Effect<SeatMapDrawing | null>;
  }
>()('foyer/catalogue/Catalogue') {}
