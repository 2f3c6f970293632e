import { Context, Data, type Effect } from 'effect';
import type { AfterSaleActor } from '../after-sale.ts';

// What cancelling an event with all its orders needs of the world: the event, the run and its
// work list (event_cancellations, event_cancellation_orders), and a way to hand a run to the
// workers. Every order of the list is worked by cancelTickets and refundOrder, which keep their
// own exactly-once rules (a run's fee kept once, pending refunds completed before new ones).

export interface EventToCancel {
  readonly id: number;
  readonly name: string;
  readonly startsAt: Date;
  readonly cancelled: boolean;
  readonly currency: string;
  /** How its amounts are written (core/i18n/currency-locales.ts). */
  readonly currencyLocale: string;
  /** Its venue's zone (IANA), whose clock people read its times on. */
  readonly timeZone: string;
}

export interface CancellationRun {
  readonly id: number;
  readonly eventId: number;
  readonly refund: boolean;
  /** Kept per order, minor units. */
  readonly fee: number;
  readonly status: 'running' | 'finished';
  readonly staffUserId: number | null;
  readonly startedBy: string;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

export interface RunCounts {
  readonly total: number;
  readonly pending: number;
  readonly done: number;
  readonly failed: number;
}

/** What a dry run says: the orders a run would take, their tickets of the event, what was paid. */
export interface CancellationPreview {
  readonly orders: number;
  readonly tickets: number;
  /** Payments of those orders less what was already refunded, minor units. */
  readonly paid: number;
}

export type OrderOutcome =
  { readonly status: 'done' } | { readonly status: 'failed'; readonly error: string };

/**
 * One order of the work list, taken by this worker alone until `finish` (its row stays locked:
 * another worker skips it, and a worker killed mid-order lets it go with its connection).
 */
export interface ClaimedOrder {
  readonly orderId: number;
  /** The order's tickets of THIS event still Active, read when claimed. */
  readonly activeTicketIds: readonly number[];
  /** What those tickets cost (price and fees), minor units: the most a fee may keep. */
  readonly activeValue: number;
  /** Records the outcome (done, or failed with the error) and lets the row go. */
  readonly finish: (outcome: OrderOutcome) => Effect.Effect<void>;
}

/** One line of the run's report (the CLI's CSV). */
export interface ReportLine {
  readonly orderId: number;
  readonly orderName: string;
  readonly email: string | null;
  readonly ticketsCancelled: number;
  /** Refunded by this run, minor units. */
  readonly refunded: number;
  readonly status: 'pending' | 'done' | 'failed';
  readonly error: string | null;
}

export interface NewRun {
  readonly eventId: number;
  readonly refund: boolean;
  readonly fee: number;
  readonly actor: AfterSaleActor;
}

export class EventCancellations extends Context.Service<
  EventCancellations,
  {
    readonly event: (eventId: number) => Effect.Effect<EventToCancel | null>;
    readonly preview: (eventId: number) => Effect.Effect<CancellationPreview>;
    /** The run still running for the event, else the latest finished one, else null. */
    readonly latestRun: (eventId: number) => Effect.Effect<CancellationRun | null>;
    readonly run: (runId: number) => Effect.Effect<CancellationRun | null>;
    /** Runs still running with orders left to work (a worker's start picks them up again). */
    readonly unfinishedRuns: () => Effect.Effect<readonly CancellationRun[]>;
    /**
     * In one transaction: the event marked Cancelled (its sale stops), the run and its work list
     * (every order with an Active ticket of the event). When a run is already running for the
     * event, answers it (created false) and changes nothing.
     */
    readonly startRun: (
      run: NewRun,
    ) => Effect.Effect<{ readonly run: CancellationRun; readonly created: boolean }>;
    /** Failed orders of the run back to pending (retried on the next start); answers how many. */
    readonly retryFailed: (runId: number) => Effect.Effect<number>;
    /** The next pending order nobody is working on, or null when none is left to take. */
    readonly claim: (runId: number) => Effect.Effect<ClaimedOrder | null>;
    readonly counts: (runId: number) => Effect.Effect<RunCounts>;
    /**
     * Orders of the event with an Active ticket that are not on the work list yet (a sale that
     * read the event before it was cancelled and committed after the list was made) added as
     * pending; answers how many.
     */
    readonly addLateOrders: (runId: number) => Effect.Effect<number>;
    /** Marks the run finished when every order is done; answers whether it is. */
    readonly finishIfDone: (runId: number) => Effect.Effect<boolean>;
    readonly report: (runId: number) => Effect.Effect<readonly ReportLine[]>;
  }
>()('foyer/orders/EventCancellations') {}

/** Hands a run to the workers (a pg-boss job, or nothing where no queue runs). */
export class EventCancellationJobs extends Context.Service<
  EventCancellationJobs,
  { readonly start: (runId: number) => Effect.Effect<void> }
>()('foyer/orders/EventCancellationJobs') {}

export class EventNotFound extends Data.TaggedError('EventNotFound')<{ readonly eventId: number }> {}

/** The run's fee is not whole minor units of 0 or more. */
export class CancellationFeeInvalid extends Data.TaggedError('CancellationFeeInvalid')<{
  readonly fee: number;
}> {}
