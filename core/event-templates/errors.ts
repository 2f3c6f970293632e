import { Data } from 'effect';

// The refusals of the event templates' screens, each with the data its words need (the HTTP
// words are in adapters/http/event-templates/refusals.ts, the screen's in the admin strings).

/** Another template has this code. */
export class TemplateCodeTaken extends Data.TaggedError('TemplateCodeTaken')<{ readonly code: string }> {}

/** Someone saved the template after this form was opened: nothing was changed. */
export class TemplateVersionStale extends Data.TaggedError('TemplateVersionStale')<{
  readonly templateId: number;
  readonly currentVersion: number;
}> {}

/** One or more fields refused; nothing was changed. */
export class TemplateInvalid extends Data.TaggedError('TemplateInvalid')<{
  readonly problems: readonly { readonly field: string; readonly reason: string }[];
}> {}

export class TemplateNotFound extends Data.TaggedError('TemplateNotFound')<{ readonly templateId: number }> {}

/** The chosen seat map does not exist. */
export class ConfigurationNotFound extends Data.TaggedError('ConfigurationNotFound')<{
  readonly configurationId: number;
}> {}

export type TemplateRefusal =
  TemplateCodeTaken | TemplateVersionStale | TemplateInvalid | TemplateNotFound | ConfigurationNotFound;
