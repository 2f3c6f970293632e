import { Data } from 'effect';

// The refusals of the Holds page and its calls, each with the data its words need (HTTP words:
// adapters/http/holds/refusals.ts; the screen's: core/i18n/strings/admin-parts/holds.ts).

/** A field refused; nothing was changed. */
export class HoldInputInvalid extends Data.TaggedError('HoldInputInvalid')<{
  readonly field: string;
  readonly reason: string;
}> {}

/** Another class, or another subclass of the same class, has this name. */
export class HoldNameTaken extends Data.TaggedError('HoldNameTaken')<{ readonly name: string }> {}

/** Someone changed the subclass after this form was opened: nothing was changed. */
export class HoldSubclassStale extends Data.TaggedError('HoldSubclassStale')<{
  readonly subclassId: number;
  readonly currentVersion: number;
}> {}

export class HoldSubclassNotFound extends Data.TaggedError('HoldSubclassNotFound')<{
  readonly subclassId: number;
}> {}

export class HoldClassNotFound extends Data.TaggedError('HoldClassNotFound')<{
  readonly holdClassId: number;
}> {}

export class HoldEventNotFound extends Data.TaggedError('HoldEventNotFound')<{ readonly eventId: number }> {}

export type HoldsRefusal =
  | HoldInputInvalid
  | HoldNameTaken
  | HoldSubclassStale
  | HoldSubclassNotFound
  | HoldClassNotFound
  | HoldEventNotFound;
