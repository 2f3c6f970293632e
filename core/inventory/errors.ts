import { Data } from 'effect';

// Expected outcomes of inventory calls, each with a stable code (the _tag); the HTTP edge words
// them (adapters/http/errors.ts).

/** Companion seats need an accessible seat in the same search. */
export class AccessibleSearchInvalid extends Data.TaggedError('AccessibleSearchInvalid')<{
  readonly reason: 'CompanionWithoutSeat';
}> {}

/** Seats kept being taken between search and hold, past the bounded number of tries. */
export class BestAvailableContended extends Data.TaggedError('BestAvailableContended')<{
  readonly eventId: number;
  readonly attempts: number;
}> {}

/** The event's waiting room has not admitted this visitor (or their turn expired). */
export class WaitingRoomRequired extends Data.TaggedError('WaitingRoomRequired')<{
  readonly eventId: number;
  readonly reason: 'NoTicket' | 'Waiting' | 'Expired';
}> {}
