import Boom from '@hapi/boom';
import { refusalWords, runnerOf } from '../route.ts';
import type { HoldsRefusal } from '../../../core/holds/errors.ts';

// The Holds page's refusals as HTTP answers: their status and words, one table.

const TAGS = new Set([
  'HoldInputInvalid',
  'HoldNameTaken',
  'HoldSubclassStale',
  'HoldSubclassNotFound',
  'HoldClassNotFound',
  'HoldEventNotFound',
]);

export const refusalBoom = (error: HoldsRefusal): Boom.Boom => {
  switch (error._tag) {
    case 'HoldInputInvalid':
      return Boom.badRequest(`${error.field}: ${error.reason}`, { body: { Field: error.field } });
    case 'HoldNameTaken':
      return Boom.conflict(`The name ${error.name} is already used here. Please choose another.`, {
        body: { Field: 'Name' },
      });
    case 'HoldSubclassStale':
      return Boom.conflict(
        'Someone changed this hold subclass after you opened it. Nothing was saved: reload it and make your change again.',
        { body: { CurrentVersion: error.currentVersion } },
      );
    case 'HoldSubclassNotFound':
      return Boom.notFound('There is no such hold subclass.');
    case 'HoldClassNotFound':
      return Boom.badRequest('HoldClassID: there is no such hold class.', { body: { Field: 'HoldClassID' } });
    case 'HoldEventNotFound':
      return Boom.notFound('There is no such performance.');
  }
};

/** Runs a use case (route.ts runnerOf): a refusal becomes its answer, anything else is a fault (500). */
export const runHolds = runnerOf(
  refusalWords<HoldsRefusal>([...TAGS] as HoldsRefusal['_tag'][], refusalBoom),
);
