import { Context, type Effect } from 'effect';
import type { NotFound } from '../../shared/errors.ts';
import type { BoxOfficeSnapshot } from './view.ts';
import type { SellSearch } from './sell-search.ts';

// Reads the box office's selling screens need, beyond the consumer's (adapters/postgres/inventory/).

export interface SellEventRow {
  readonly eventId: number;
  readonly name: string;
  readonly urlSafeName: string;
  readonly seriesCode: string;
  readonly seriesName: string;
  /** Venue local wall clock, ISO without offset. */
  readonly localDate: string;
  readonly venueName: string;
  readonly open: number;
  readonly total: number;
}

export interface SellSeriesRow {
  readonly seriesId: number;
  readonly code: string;
  readonly name: string;
  readonly upcomingCount: number;
  readonly nextLocalDate: string | null;
}

export interface SellSearchResult {
  readonly series: readonly SellSeriesRow[];
  readonly events: readonly SellEventRow[];
}

export interface EventHeader {
  readonly eventId: number;
  readonly name: string;
  readonly seriesCode: string;
  readonly seriesName: string;
  readonly localDate: string;
  readonly venueConfigurationId: number;
  readonly venueName: string;
}

export interface GroupSalesSeries {
  readonly seriesId: number;
  readonly code: string;
  readonly name: string;
  readonly events: readonly (SellEventRow & { readonly groupHeldSeats: number })[];
}

export class BoxOfficeReads extends Context.Service<
  BoxOfficeReads,
  {
    /** Every seat of an event with its hold, live basket hold and order, read together. */
    readonly staffSeats: (eventId: number) => Effect.Effect<BoxOfficeSnapshot, NotFound>;
    readonly eventHeader: (eventId: number) => Effect.Effect<EventHeader, NotFound>;
    /** Upcoming performances and series matching the search (all upcoming when it is empty). */
    readonly search: (search: SellSearch, limit: number) => Effect.Effect<SellSearchResult>;
    /** A series with its upcoming performances and the seats held for the group-sales channel. */
    readonly groupSalesSeries: (code: string) => Effect.Effect<GroupSalesSeries, NotFound>;
  }
>()('foyer/inventory/BoxOfficeReads') {}
