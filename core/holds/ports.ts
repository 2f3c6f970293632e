import { Context, type Effect } from 'effect';
import type {
  HoldClassNotFound,
  HoldEventNotFound,
  HoldNameTaken,
  HoldSubclassNotFound,
  HoldSubclassStale,
} from './errors.ts';
import type { HoldAction, SeatNow } from './hold-action.ts';

// What the Holds page needs from the world (PostgreSQL: adapters/postgres/holds/). Every change
// is written with its audit row in the same transaction; a subclass change checks the version the
// form loaded, so the second of two concurrent edits changes nothing.

export interface HoldsActor {
  readonly staffUserId: number;
  readonly email: string;
}

export interface HoldClass {
  readonly id: number;
  readonly name: string;
}

export interface HoldSubclass {
  readonly id: number;
  readonly name: string;
  readonly holdClass: HoldClass;
  readonly isKill: boolean;
  readonly isArchived: boolean;
  /** Moves on with every change of the row. */
  readonly version: number;
  /** Seats on hold on this subclass, over every performance. */
  readonly heldSeats: number;
}

export interface SubclassChange {
  readonly name?: string;
  readonly isKill?: boolean;
  readonly isArchived?: boolean;
  /** When archiving: where its held seats go (null: open). */
  readonly assignSeatsTo?: number | null;
}

export interface SubclassUpdated {
  readonly subclass: HoldSubclass;
  /** Seats moved off the archived subclass, per performance. */
  readonly moved: readonly { readonly eventId: number; readonly keys: readonly string[] }[];
}

/** A seat the apply statement locked: its state before, and whether the action changed it. */
export interface LockedSeat extends SeatNow {
  readonly key: string;
  readonly applied: boolean;
}

export class HoldsStore extends Context.Service<
  HoldsStore,
  {
    readonly classes: () => Effect.Effect<readonly HoldClass[]>;
    readonly createClass: (name: string, by: HoldsActor) => Effect.Effect<HoldClass, HoldNameTaken>;
    /** Every subclass, archived too, by class and name. */
    readonly subclasses: () => Effect.Effect<readonly HoldSubclass[]>;
    readonly createSubclass: (
      input: { readonly name: string; readonly holdClassId: number; readonly isKill: boolean },
      by: HoldsActor,
    ) => Effect.Effect<HoldSubclass, HoldNameTaken | HoldClassNotFound>;
    readonly updateSubclass: (
      id: number,
      version: number,
      change: SubclassChange,
      by: HoldsActor,
    ) => Effect.Effect<SubclassUpdated, HoldSubclassStale | HoldSubclassNotFound | HoldNameTaken>;
    /** One statement: locks the named seats of the performance and applies the action where it may. */
    readonly applyToEvent: (
      eventId: number,
      keys: readonly string[],
      action: HoldAction,
      by: HoldsActor,
    ) => Effect.Effect<readonly LockedSeat[], HoldEventNotFound>;
  }
>()('foyer/holds/HoldsStore') {}
