import { Effect } from 'effect';
import type { AfterSaleActor } from '../after-sale.ts';
import {
  CancellationFeeInvalid,
  EventCancellations,
  EventCancellationJobs,
  EventNotFound,
  type CancellationRun,
  type RunCounts,
} from './ports.ts';
import { progressOf, type Progress } from './rules.ts';

// Cancelling an event with all its orders, exactly once: starting (or resuming) the run and
// reading its progress. The work list is made once, when the run starts; its orders are worked
// by work.ts, from the command line or a worker's job.

export interface StartEventCancellation {
  readonly eventId: number;
  readonly refund: boolean;
  /** Kept per order, minor units. */
  readonly fee: number;
  readonly actor: AfterSaleActor;
}

export interface StartedRun {
  readonly run: CancellationRun;
  /** False: a run was already running for the event and is resumed as it was started. */
  readonly created: boolean;
  /** Failed orders put back to work. */
  readonly retried: number;
  readonly counts: RunCounts;
}

/** Starts the event's cancellation, or resumes the run already running (its failed orders retried). */
export const startEventCancellation = (cmd: StartEventCancellation) =>
  Effect.gen(function* () {
    if (!Number.isSafeInteger(cmd.fee) || cmd.fee < 0)
      return yield* Effect.fail(new CancellationFeeInvalid({ fee: cmd.fee }));
    const store = yield* EventCancellations;
    const event = yield* store.event(cmd.eventId);
    if (!event) return yield* Effect.fail(new EventNotFound({ eventId: cmd.eventId }));
    const { run, created } = yield* store.startRun(cmd);
    const retried = created ? 0 : yield* store.retryFailed(run.id);
    const counts = yield* store.counts(run.id);
    return { run, created, retried, counts } satisfies StartedRun;
  });

/** The staff screen's start: the run started (or resumed) and handed to the workers. */
export const startEventCancellationJob = (cmd: StartEventCancellation) =>
  Effect.gen(function* () {
    const started = yield* startEventCancellation(cmd);
    const jobs = yield* EventCancellationJobs;
    yield* jobs.start(started.run.id);
    return started;
  });

export interface RunProgress extends Progress {
  readonly run: CancellationRun;
}

/** The event's latest run and how far it is (its rate since it started); null when never cancelled. */
export const eventCancellationProgress = (eventId: number, now: Date) =>
  Effect.gen(function* () {
    const store = yield* EventCancellations;
    const event = yield* store.event(eventId);
    if (!event) return yield* Effect.fail(new EventNotFound({ eventId }));
    const run = yield* store.latestRun(eventId);
    if (!run) return null;
    const counts = yield* store.counts(run.id);
    const until = run.finishedAt ?? now;
    return { run, ...progressOf(counts, 0, run.createdAt.getTime(), until.getTime()) } satisfies RunProgress;
  });
