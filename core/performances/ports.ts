import { Context, type Effect } from 'effect';
import type { InvalidRequest, NotFound } from '../shared/errors.ts';
import type { NoSeatMap, StaleEdit } from './errors.ts';
import type { PriceGrid } from './price-grid.ts';
import type { Schedule } from './schedule.ts';

// What adding performances and setting their prices needs from the world (PostgreSQL:
// adapters/postgres/performances/). Every write is one transaction with its audit row.

/** Who made a change, for the audit log. */
export interface Actor {
  readonly staffUserId: number;
  readonly email: string;
}

export interface TemplateSummary {
  readonly id: number;
  readonly code: string;
  readonly displayName: string;
  readonly venueName: string | null;
  readonly timeZone: string;
  readonly isoCurrencyCode: string;
  readonly currencyLocale: string;
  /** The seat map its new performances go on, or null when it names none. */
  readonly configuration: { readonly id: number; readonly name: string } | null;
  /** The zones of that seat map's seats and standing sections, in order. */
  readonly zones: readonly string[];
}

export interface PriceTypeRecord {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** False: staff-only (comps, house prices). */
  readonly consumerVisible: boolean;
  readonly displayOrder: number;
}

export interface PriceTypeInput {
  readonly code: string;
  readonly name: string;
  readonly consumerVisible: boolean;
}

export interface PerformanceSummary extends Schedule {
  readonly id: number;
  readonly name: string;
  readonly isPresale: boolean;
  readonly status: 'Active' | 'Cancelled';
  readonly version: number;
  /** Seats and standing places sold, of all of them. */
  readonly sold: number;
  readonly capacity: number;
}

export interface PerformanceDetail extends PerformanceSummary {
  readonly template: TemplateSummary;
  readonly configurationName: string;
}

export interface AddedPerformances {
  readonly created: readonly number[];
  /** Starts a performance of the template already had (added meanwhile): left alone. */
  readonly skipped: readonly Date[];
}

export class Performances extends Context.Service<
  Performances,
  {
    readonly template: (templateId: number) => Effect.Effect<TemplateSummary, NotFound>;
    /** The template's default prices (taken from its latest performance when it has none yet). */
    readonly templateGrid: (templateId: number) => Effect.Effect<PriceGrid>;
    /** Replaces the defaults if they still are `version` (core/performances/price-grid.ts gridVersion). */
    readonly saveTemplateGrid: (request: {
      readonly templateId: number;
      readonly grid: PriceGrid;
      readonly version: string;
      readonly by: Actor;
    }) => Effect.Effect<void, StaleEdit>;
    readonly priceTypes: () => Effect.Effect<readonly PriceTypeRecord[]>;
    readonly addPriceType: (
      input: PriceTypeInput,
      by: Actor,
    ) => Effect.Effect<PriceTypeRecord, InvalidRequest>;
    /** Changes it if it still reads `previous`. */
    readonly changePriceType: (request: {
      readonly id: number;
      readonly input: PriceTypeInput;
      readonly previous: PriceTypeInput;
      readonly by: Actor;
    }) => Effect.Effect<PriceTypeRecord, NotFound | StaleEdit | InvalidRequest>;
    readonly performancesOf: (templateId: number) => Effect.Effect<readonly PerformanceSummary[]>;
    /**
     * A sellable performance per schedule, in one transaction: the event, its price levels,
     * prices and fees from the template's defaults, a seat row per seat of the seat map (Open)
     * and its standing sections. A start the template already has (not cancelled) is skipped.
     */
    readonly addPerformances: (request: {
      readonly templateId: number;
      readonly schedules: readonly Schedule[];
      readonly isPresale: boolean;
      readonly by: Actor;
    }) => Effect.Effect<AddedPerformances, NoSeatMap | NotFound>;
    readonly performance: (eventId: number) => Effect.Effect<PerformanceDetail, NotFound>;
    /** Saves the times and presale flag if the performance is still at `version`. */
    readonly editPerformance: (request: {
      readonly eventId: number;
      readonly version: number;
      readonly schedule: Schedule;
      readonly isPresale: boolean;
      readonly by: Actor;
    }) => Effect.Effect<PerformanceDetail, NotFound | StaleEdit>;
    readonly eventGrid: (eventId: number) => Effect.Effect<PriceGrid, NotFound>;
    readonly saveEventGrid: (request: {
      readonly eventId: number;
      readonly grid: PriceGrid;
      readonly version: string;
      readonly by: Actor;
    }) => Effect.Effect<void, StaleEdit | NotFound>;
  }
>()('foyer/performances/Performances') {}
