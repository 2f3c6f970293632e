import { Context, type Effect } from 'effect';
import type { SeatCount } from '../catalogue/availability.ts';

// What the plan screens need from the plan store (migrations/20261214000400_event_plans.ts).

export type PlanType = 'subscription' | 'paired';

export interface PlanRecord {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly displayName: string;
  readonly description: string | null;
  readonly planType: PlanType;
  readonly minQuantity: number | null;
  readonly maxQuantity: number | null;
  readonly defaultSeatQty: number | null;
  readonly minSlotsForPurchase: number | null;
  readonly maxSlotsForPurchase: number | null;
  readonly requireSameSeatQty: boolean;
  readonly specialLinkedEventSetup: boolean;
  /** The series the plan is sold under, when it has one. */
  readonly seriesId: number | null;
  readonly onSaleAt: Date | null;
  readonly offSaleAt: Date | null;
  readonly imageUrl: string | null;
  /** The venue time zone of the plan's first performance (its series' venue else); UTC without either. */
  readonly timeZone: string;
}

/** One performance a slot may use, with what is left to sell of it. */
export interface PlanEventRecord {
  readonly id: number;
  readonly name: string;
  readonly urlSafeName: string;
  readonly seriesId: number;
  readonly seriesCode: string;
  readonly seriesName: string;
  readonly seriesDescription: string | null;
  readonly startsAt: Date;
  readonly onSaleAt: Date;
  readonly useHeavyOnSale: boolean;
  readonly status: 'Active' | 'Cancelled';
  readonly timeZone: string;
  readonly places: SeatCount;
}

export interface PlanSlotRecord {
  readonly id: number;
  readonly position: number;
  readonly name: string;
  readonly required: boolean;
  readonly specialLinkedEvent: boolean;
  /** In start order. */
  readonly events: readonly PlanEventRecord[];
}

/** The plan store's reads. Archived plans are never answered. */
export class PlanStore extends Context.Service<
  PlanStore,
  {
    /** Every plan on offer, in code order. */
    readonly plans: () => Effect.Effect<readonly PlanRecord[]>;
    readonly planById: (id: number) => Effect.Effect<PlanRecord | null>;
    /** Ignoring case. */
    readonly planByCode: (code: string) => Effect.Effect<PlanRecord | null>;
    /** The plan's slots in position order. */
    readonly slots: (planId: number) => Effect.Effect<readonly PlanSlotRecord[]>;
    /** Whether some plan on offer has a slot that may use the event. */
    readonly isPlanEvent: (eventId: number) => Effect.Effect<boolean>;
  }
>()('foyer/plans/PlanStore') {}

/** What a plan's box office shows of one performance (tickets, GA places counted one each). */
export interface PlanEventFigures {
  readonly capacity: number;
  readonly sold: number;
  /** In live baskets now. */
  readonly held: number;
  readonly available: number;
}

export interface PlanItemsTag {
  readonly basketId: string;
  readonly plan: Pick<PlanRecord, 'id' | 'code' | 'specialLinkedEventSetup'>;
  readonly slotId: number;
  readonly itemIds: readonly number[];
}

/** The plan basket's writes and the plan box office's reads (adapters/postgres/plans/plan-sales.ts). */
export class PlanSales extends Context.Service<
  PlanSales,
  {
    /**
     * Makes the basket the plan's basket and these of its tickets the slot's; a basket item the
     * basket does not hold is left alone.
     */
    readonly tagPlanItems: (tag: PlanItemsTag) => Effect.Effect<void>;
    /** Each performance's figures; an unknown event is left out. */
    readonly eventFigures: (
      eventIds: readonly number[],
    ) => Effect.Effect<ReadonlyMap<number, PlanEventFigures>>;
  }
>()('foyer/plans/PlanSales') {}
