import { Clock, Context, Effect } from 'effect';
import { InvalidRequest, NotFound } from '../shared/errors.ts';
import { isEmailPattern } from './email-pattern.ts';

// The sold-out e-mail form (spec 000 sections 1 and 5: "Ticket-notification needs event id and
// email"): a buyer leaves an address to hear when tickets for a performance come back.

/** What the store answers when asked to record a request. */
export type RecordOutcome = 'Created' | 'AlreadyRequested' | 'NoSuchEvent' | 'EventStarted';

export class TicketNotifications extends Context.Service<
  TicketNotifications,
  {
    /**
     * Records that `email` wants news of `eventId`, once per event and address (compared
     * without case). Unknown and cancelled events are NoSuchEvent; started ones EventStarted.
     */
    readonly record: (request: {
      readonly eventId: number;
      readonly email: string;
      readonly requestedAt: Date;
    }) => Effect.Effect<RecordOutcome>;
  }
>()('foyer/accounts/TicketNotifications') {}

export interface TicketNotificationReceipt {
  readonly EventID: number;
  readonly Email: string;
  /** The address had already asked for this event: nothing new was recorded. */
  readonly AlreadyRequested: boolean;
}

export const requestTicketNotification = (request: {
  readonly eventId: number;
  readonly email: string;
}): Effect.Effect<TicketNotificationReceipt, InvalidRequest | NotFound, TicketNotifications> =>
  Effect.gen(function* () {
    const email = request.email.trim();
    if (!isEmailPattern(email))
      return yield* new InvalidRequest({ field: 'Email', reason: 'must be an e-mail address' });
    const store = yield* TicketNotifications;
    const requestedAt = new Date(yield* Clock.currentTimeMillis);
    const outcome = yield* store.record({ eventId: request.eventId, email, requestedAt });
    if (outcome === 'NoSuchEvent')
      return yield* new NotFound({ entity: 'Event', id: String(request.eventId) });
    if (outcome === 'EventStarted')
      return yield* new InvalidRequest({ field: 'EventID', reason: 'the performance has already started' });
    return { EventID: request.eventId, Email: email, AlreadyRequested: outcome === 'AlreadyRequested' };
  });
