import { Effect, Layer } from 'effect';
import { OrderMail } from '../../core/orders/ports.ts';

// Without a job queue (API tests, tools) nothing sends e-mail: the outbox rows written with each
// order stay unqueued, and a process with the queue (the reconciliation job) sends them later.
export const InProcessOrderMail = () =>
  Layer.succeed(OrderMail, OrderMail.of({ queue: () => Effect.void, flush: () => Effect.succeed(0) }));
