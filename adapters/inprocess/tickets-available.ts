import { Effect, Layer } from 'effect';
import { TicketsAvailableMail } from '../../core/accounts/notifications/ticket-notifications.ts';

// Without a job queue (API tests, tools) nothing is sent: the requests stay waiting, and the next
// release a process with the queue announces sends them.
export const InProcessTicketsAvailableMail = () =>
  Layer.succeed(TicketsAvailableMail, TicketsAvailableMail.of({ queue: () => Effect.void }));
