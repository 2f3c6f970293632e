import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type { HoldsRefusal } from '../../../core/holds/errors.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';

// The Holds page's refusals as HTTP answers: their status and words, one table.

const TAGS = new Set([
  'HoldInputInvalid',
  'HoldNameTaken',
  'HoldSubclassStale',
  'HoldSubclassNotFound',
  'HoldClassNotFound',
  'HoldEventNotFound',
]);

const isRefusal = (error: unknown): error is HoldsRefusal =>
  typeof error === 'object' && error !== null && TAGS.has((error as { _tag?: string })._tag ?? '');

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

/** Runs a use case; a refusal becomes its answer, anything else is a fault (500). */
export const runHolds = async <A, E>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some' && isRefusal(failure.value)) throw refusalBoom(failure.value);
  throw Cause.squash(exit.cause);
};
