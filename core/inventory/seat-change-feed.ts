import { Context, type Effect } from 'effect';

/** A seat (or GA section) of an event changed status: open seat maps repaint it. */
export interface SeatChange {
  readonly eventId: number;
  /** Seat keys (section-row-seat) or GA section keys whose availability changed. */
  readonly keys: readonly string[];
  /** What happened, so a map can colour without a reload. */
  readonly status: 'Open' | 'Unavailable' | 'Hold' | 'Sold';
  readonly at: string;
}

export type Unsubscribe = () => Promise<void>;

/**
 * Every seat status change is published, so open seat maps never show a stale seat. In-process by
 * default; Redis when configured, so every web node hears every change.
 */
export interface SeatChangeFeedShape {
  readonly publish: (change: SeatChange) => Effect.Effect<void>;
  readonly subscribe: (eventId: number, listener: (change: SeatChange) => void) => Effect.Effect<Unsubscribe>;
}

export class SeatChangeFeed extends Context.Service<SeatChangeFeed, SeatChangeFeedShape>()(
  'foyer/inventory/SeatChangeFeed',
) {}
