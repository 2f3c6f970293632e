import type { PgBoss } from 'pg-boss';
import type { Logger } from '../adapters/log.ts';
import type { AppRuntime } from '../adapters/wiring.ts';
import { EventCancellationJob, queues } from '../adapters/queue/jobs.ts';
import { Effect } from 'effect';
import { EventCancellations, type RunCounts } from '../core/orders/event-cancellation/ports.ts';
import { workRun } from '../core/orders/event-cancellation/work.ts';

// The `event-cancellation` job: sent when staff cancel an event (POST
// /api/admin/events/{id}/cancel), payload { runId }. It works the run's pending orders until none
// is left; a worker that dies mid-run lets its orders go with its connections and the job runs
// again (adapters/queue/jobs.ts), resuming where it stopped. Failed orders stay failed until the
// run is started again.

const CONCURRENCY = 4;

/** Works the run; null when there is no such run or it is already finished. */
export const runEventCancellationJob = (runtime: AppRuntime, runId: number): Promise<RunCounts | null> =>
  runtime.runPromise(
    Effect.gen(function* () {
      const store = yield* EventCancellations;
      const run = yield* store.run(runId);
      if (!run || run.status === 'finished') return null;
      return yield* workRun(run, { concurrency: CONCURRENCY });
    }),
  );

export const startEventCancellationWorker = async (options: {
  readonly boss: PgBoss;
  readonly runtime: AppRuntime;
  readonly log: Logger;
}): Promise<() => Promise<void>> => {
  const { boss, runtime, log } = options;
  await boss.work(queues.eventCancellation, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const parsed = EventCancellationJob.safeParse(job.data);
    if (!parsed.success) {
      log.warn(`dropped event cancellation job ${job.id}: ${parsed.error.issues[0]?.message}`);
      return;
    }
    const counts = await runEventCancellationJob(runtime, parsed.data.runId);
    if (counts)
      log.info(
        `event cancellation run ${parsed.data.runId}: ${counts.done} done, ${counts.failed} failed, ${counts.pending} pending of ${counts.total}`,
      );
  });
  // A worker killed mid-run left its job active until it expires: the runs with orders still to
  // work get a job now, so a restart resumes them at once (a second job of a run is harmless).
  const unfinished = await runtime.runPromise(EventCancellations.use((store) => store.unfinishedRuns()));
  for (const run of unfinished)
    await boss.send(queues.eventCancellation, { runId: run.id } satisfies EventCancellationJob);
  return () => boss.offWork(queues.eventCancellation);
};
