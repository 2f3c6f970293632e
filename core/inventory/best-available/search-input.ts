import type { AccessibleSearchType } from './accessible-search.ts';
import type { EventSeat } from '../event-inventory.ts';
import type { SeatLayout } from '../seat-layout.ts';
import type { HoldSubclassRule, SeatViewer } from '../seat-status.ts';

// What a best-available search reads: the event's inventory and what the caller asks for.

/** What the search needs of an event seat's live state (core/inventory/event-inventory.ts). */
export type LiveSeat = Pick<
  EventSeat,
  'key' | 'priceLevelId' | 'status' | 'holdSubclassId' | 'liveBasketHold'
>;

export interface LiveGaSection {
  readonly key: string;
  readonly name: string;
  readonly priceLevelId: number;
  /** Places left: capacity less sold less live basket holds. */
  readonly maxAvailable: number;
}

export interface SearchInventory {
  readonly layout: SeatLayout;
  /** A layout seat with no live seat here is not for sale at this event. */
  readonly seats: readonly LiveSeat[];
  readonly gaSections: readonly LiveGaSection[];
  readonly holdSubclasses: readonly HoldSubclassRule[];
  /** The event's price levels: id -> zone, for a search by zone. */
  readonly priceLevelZones: ReadonlyMap<number, string>;
}

export interface BestAvailableRequest {
  /** How many seats; an accessible search asks for its seats plus companions instead. */
  readonly quantity: number;
  /** Who asks: the sales channel and the hold subclasses it sells from. */
  readonly viewer: SeatViewer;
  /** Empty or missing: any. */
  readonly priceLevelIds?: readonly number[];
  readonly zones?: readonly string[];
  readonly sections?: readonly string[];
  /** Checked by accessibleSearch() first (core/inventory/best-available/accessible-search.ts). */
  readonly accessible?: {
    readonly type: AccessibleSearchType;
    readonly seats: number;
    readonly companions: number;
  };
  /** Seats to treat as taken: lost in a race a moment ago, or being reserved by another call. */
  readonly unavailableKeys?: Iterable<string>;
}
