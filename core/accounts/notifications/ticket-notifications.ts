import { Clock, Context, Effect } from 'effect';
import { InvalidRequest, NotFound } from '../../shared/errors.ts';
import { isEmailPattern } from '../email-pattern.ts';

// The sold-out e-mail form (it needs an event id and an e-mail): a buyer leaves an address to hear
// when tickets for a performance come back.

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

/** A request claimed for sending by one run of the tickets-available job. */
export interface WaitingRequest {
  readonly id: number;
  readonly email: string;
}

/**
 * The requests of an event still waiting for their e-mail, for the job that sends them. `claim`
 * takes up to `limit` of them for this run in one statement (a claim older than the lease is
 * taken over: its run died), so two runs never hold the same request; `others` counts the
 * waiting requests it left to another run's live claim. After the send, `markSent`; after a
 * failure that may pass, `release` (a later run sends it); after a permanent refusal, `refuse`.
 */
export class WaitingTicketRequests extends Context.Service<
  WaitingTicketRequests,
  {
    readonly claim: (
      eventId: number,
      limit: number,
    ) => Effect.Effect<{ readonly claimed: readonly WaitingRequest[]; readonly others: number }>;
    readonly markSent: (requestId: number) => Effect.Effect<void>;
    readonly release: (requestId: number, failure: string) => Effect.Effect<void>;
    readonly refuse: (requestId: number, failure: string) => Effect.Effect<void>;
  }
>()('foyer/accounts/WaitingTicketRequests') {}

/**
 * Seats of these events came back on sale (a basket expired or was emptied, a sale failed): the
 * e-mail to the buyers waiting for them is put on the job queue. Without a queue, nothing: the
 * requests wait for the next release a process with the queue announces.
 */
export class TicketsAvailableMail extends Context.Service<
  TicketsAvailableMail,
  { readonly queue: (eventIds: readonly number[]) => Effect.Effect<void> }
>()('foyer/accounts/TicketsAvailableMail') {}

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
