import Boom from '@hapi/boom';
import { refusalWords, runnerOf } from '../route.ts';
import { TEMPLATE_STALE_MESSAGE } from '../../../core/event-templates/stale-message.ts';
import type { TemplateRefusal } from '../../../core/event-templates/errors.ts';

// The event templates' refusals as HTTP answers: their status and words, one table.

const TAGS = new Set([
  'TemplateCodeTaken',
  'TemplateVersionStale',
  'TemplateInvalid',
  'TemplateNotFound',
  'ConfigurationNotFound',
]);

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

/** Runs a use case (route.ts runnerOf): a refusal becomes its answer, anything else is a fault (500). */
export const runTemplates = runnerOf(
  refusalWords<TemplateRefusal>([...TAGS] as TemplateRefusal['_tag'][], refusalBoom),
);
