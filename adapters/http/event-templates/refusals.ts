import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import { TEMPLATE_STALE_MESSAGE } from '../../../core/event-templates/stale-message.ts';
import type { TemplateRefusal } from '../../../core/event-templates/errors.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';

// The event templates' refusals as HTTP answers: their status and words, one table.

const TAGS = new Set([
  'TemplateCodeTaken',
  'TemplateVersionStale',
  'TemplateInvalid',
  'TemplateNotFound',
  'ConfigurationNotFound',
]);

const isRefusal = (error: unknown): error is TemplateRefusal =>
  typeof error === 'object' && error !== null && TAGS.has((error as { _tag?: string })._tag ?? '');

export const refusalBoom = (error: TemplateRefusal): Boom.Boom => {
  switch (error._tag) {
    case 'TemplateCodeTaken':
      return Boom.conflict(
        `Another event template already has the code ${error.code}. Please choose another.`,
        {
          body: { Field: 'Code' },
        },
      );
    case 'TemplateVersionStale':
      return Boom.conflict(TEMPLATE_STALE_MESSAGE, { body: { CurrentVersion: error.currentVersion } });
    case 'TemplateInvalid': {
      const first = error.problems[0]!;
      return Boom.badRequest(`${first.field}: ${first.reason}`, {
        body: {
          Field: first.field,
          Problems: error.problems.map((p) => ({ Field: p.field, Message: p.reason })),
        },
      });
    }
    case 'TemplateNotFound':
      return Boom.notFound('There is no such event template.');
    case 'ConfigurationNotFound':
      return Boom.badRequest('VenueConfigurationId: there is no such seat map.', {
        body: { Field: 'VenueConfigurationId' },
      });
  }
};

/** Runs a use case; a refusal becomes its answer, anything else is a fault (500). */
export const runTemplates = async <A, E>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some' && isRefusal(failure.value)) throw refusalBoom(failure.value);
  throw Cause.squash(exit.cause);
};
