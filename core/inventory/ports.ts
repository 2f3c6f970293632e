import { Context, type Effect } from 'effect';
import type { NotFound } from '../shared/errors.ts';
import type { LiveSeat } from './best-available/best-available.ts';
import type { EventGaSection, EventSeatsSnapshot, SalesChannel } from './event-inventory.ts';
import type { HoldSubclassRule } from './seat-status.ts';
import type { SeatLayout } from './seat-layout.ts';
import type { Room, Standing, WaitingRoomSettings } from './waiting-room.ts';

/** Read side of an event's inventory: what every seat and GA section is doing right now. */
export class Inventory extends Context.Service<
  Inventory,
  {
    /**
     * Every seat's status, hold and live basket hold (expiry judged by the database clock in the
     * same statement), the GA sections' counts and the hold subclass rules, read together.
     */
    readonly eventSeats: (eventId: number) => Effect.Effect<EventSeatsSnapshot, NotFound>;
    readonly salesChannels: () => Effect.Effect<readonly SalesChannel[]>;
  }
>()('foyer/inventory/Inventory') {}

/**
 * Venue seat layouts for best-available: static per venue configuration (rebuilt only when the
 * seat map is saved), so an adapter builds each once and keeps it.
 */
export class SeatLayouts extends Context.Service<
  SeatLayouts,
  { readonly layout: (venueConfigurationId: number) => Effect.Effect<SeatLayout, NotFound> }
>()('foyer/inventory/SeatLayouts') {}

/** The seats claimed on this node, as a reserve call's search asks about them. */
export interface ClaimedSeats {
  readonly has: (key: string) => boolean;
  /**
   * The claims a read of the seats that began at `readStartedAt` (this node's clock) may not
   * show: every claim still being held, and those held since. A seat held before the read began
   * is held in the read. A key may come more than once.
   */
  readonly notShownBy: (readStartedAt: number) => Iterable<string>;
}

/**
 * Seats a reserve call on this node is holding right now, or held a moment ago (until every
 * fresh read shows them held). Only lowers contention: the hold statement still decides.
 */
export class SeatClaims extends Context.Service<
  SeatClaims,
  {
    /**
     * Runs `pick` with the seats claimed now and claims what it returns, in one step. `claimed`
     * is a live view, valid only during `pick`.
     */
    readonly claim: (
      eventId: number,
      pick: (claimed: ClaimedSeats) => readonly string[],
    ) => Effect.Effect<readonly string[]>;
    /**
     * The hold of these claimed seats is over: held, they stay claimed a short while (until every
     * fresh read shows them held); not held, they are free now.
     */
    readonly recordHoldOutcome: (
      eventId: number,
      keys: readonly string[],
      held: boolean,
    ) => Effect.Effect<void>;
  }
>()('foyer/inventory/SeatClaims') {}

/** An event's waiting-room settings and what decides whether the room is in front of it. */
export interface RoomRecord {
  readonly eventId: number;
  readonly opensAt: number;
  readonly useHeavyOnSale: boolean;
  /** null: the room was never set up for this event. */
  readonly settings: WaitingRoomSettings | null;
}

export interface RoomChange {
  readonly enabled?: boolean;
  readonly ratePerMinute?: number;
  readonly paused?: boolean;
  readonly admittedTtlSeconds?: number;
}

/** Per-event waiting-room settings (staff change them; every web node reads them). */
export class WaitingRooms extends Context.Service<
  WaitingRooms,
  {
    /** null: no such event. Read through a cache of a few seconds. */
    readonly room: (eventId: number) => Effect.Effect<RoomRecord | null>;
    readonly configure: (
      eventId: number,
      change: RoomChange,
      now: number,
    ) => Effect.Effect<WaitingRoomSettings, NotFound>;
  }
>()('foyer/inventory/WaitingRooms') {}

/**
 * The queue itself (core/inventory/waiting-room.ts has the rules). Shared by every web node and
 * kept across restarts with Redis; in this process otherwise. Times are epoch milliseconds.
 */
export class WaitingRoomQueue extends Context.Service<
  WaitingRoomQueue,
  {
    /** A new ticket at the back of the queue (or in the opening draw, before the on-sale time). */
    readonly join: (room: Room, now: number) => Effect.Effect<{ ticketId: string; standing: Standing }>;
    /** The ticket's place; `use` marks an admitted, unexpired ticket used. null: unknown ticket. */
    readonly standing: (
      room: Room,
      ticketId: string,
      now: number,
      use: boolean,
    ) => Effect.Effect<Standing | null>;
    /** The key queue tickets are signed with, the same on every node that shares the queue. */
    readonly signingKey: () => Effect.Effect<string>;
  }
>()('foyer/inventory/WaitingRoomQueue') {}

/** What a best-available search reads of an event: each seat's live state, GA places, hold rules. */
export interface SearchSnapshot {
  /** When the read of the seats began (this node's clock): holds committed before it are in it. */
  readonly readStartedAt: number;
  readonly venueConfigurationId: number;
  readonly seats: readonly LiveSeat[];
  readonly gaSections: readonly EventGaSection[];
  readonly holdSubclasses: readonly HoldSubclassRule[];
}

/**
 * The event's seats for a best-available search, at most `maxAgeMs` old (0: read now). Many
 * searches a second share one read; a stale read only costs a lost race, which the hold
 * statement catches and the reserve call answers by reading fresh.
 */
export class SearchSnapshots extends Context.Service<
  SearchSnapshots,
  { readonly read: (eventId: number, maxAgeMs: number) => Effect.Effect<SearchSnapshot, NotFound> }
>()('foyer/inventory/SearchSnapshots') {}
