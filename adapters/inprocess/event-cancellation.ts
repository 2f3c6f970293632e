import { Effect, Layer } from 'effect';
import { EventCancellationJobs } from '../../core/orders/event-cancellation/ports.ts';

// Without a job queue (API tests, tools) no worker takes the run: it stays running with its
// orders pending until a process with the queue, or `foyer event cancel`, works it.
export const InProcessEventCancellationJobs = () =>
  Layer.succeed(EventCancellationJobs, { start: () => Effect.void });
