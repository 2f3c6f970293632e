import { Data } from 'effect';

// Expected business outcomes: typed errors with a stable code (the _tag). Each driving adapter
// maps the code to its own words (HTTP status + message, CLI exit code + line).

export class NotFound extends Data.TaggedError('NotFound')<{
  readonly entity: string;
  readonly id: string;
}> {}

export class InvalidRequest extends Data.TaggedError('InvalidRequest')<{
  readonly field: string;
  readonly reason: string;
}> {}

export class PromotionInvalid extends Data.TaggedError('PromotionInvalid')<{
  readonly code: string;
  readonly reason:
    'Unknown' | 'NotStarted' | 'Ended' | 'NotForSeries' | 'GroupCodeRequired' | 'GroupCodeUsed' | 'Empty';
}> {}
