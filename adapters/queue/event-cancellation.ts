import { Effect, Layer } from 'effect';
import type { PgBoss } from 'pg-boss';
import { EventCancellationJobs } from '../../core/orders/event-cancellation/ports.ts';
import { queues, type EventCancellationJob } from './jobs.ts';

// An event cancellation run handed to the workers (worker/event-cancellation.ts). A second job of
// the same run is harmless: the workers claim orders one at a time with SKIP LOCKED.
export const PgBossEventCancellationJobs = (boss: PgBoss) =>
  Layer.succeed(EventCancellationJobs, {
    start: (runId) =>
      Effect.promise(() =>
        boss.send(queues.eventCancellation, { runId } satisfies EventCancellationJob, {
          singletonKey: `event-cancellation-${runId}`,
        }),
      ).pipe(Effect.asVoid),
  });
