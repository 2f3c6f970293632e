import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type { TerminalFailed } from '../../../core/payments/card-terminal.ts';
import type { CounterForbidden, CounterInvalid } from '../../../core/orders/counter/errors.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { toBoom } from '../errors.ts';
import { giftBoom, isGiftError, type GiftError } from '../gift-certificates/run.ts';

// Runs a counter use case: its own refusals worded here, the rest as every route (errors.ts).

type CounterError = CounterInvalid | CounterForbidden | TerminalFailed;
type KnownError = Parameters<typeof toBoom>[0] | CounterError | GiftError;

const isCounterError = (error: KnownError): error is CounterError =>
  error._tag === 'CounterInvalid' || error._tag === 'CounterForbidden' || error._tag === 'TerminalFailed';

export const counterBoom = (error: CounterError): Boom.Boom => {
  switch (error._tag) {
    case 'CounterInvalid':
      return Boom.badRequest(error.message, { body: { Fields: [...error.fields] } });
    case 'CounterForbidden':
      return Boom.forbidden(error.message);
    case 'TerminalFailed':
      // The terminal's own words for the clerk; a processor that does not answer is a 502.
      return error.code === 'Unavailable' || error.code === 'Unknown'
        ? Boom.badGateway(error.message, { message: error.message })
        : Boom.conflict(error.message, { body: { Code: error.code } });
  }
};

export const runCounter = async <A, E extends KnownError>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw isCounterError(failure.value)
      ? counterBoom(failure.value)
      : isGiftError(failure.value)
        ? giftBoom(failure.value)
        : toBoom(failure.value);
  throw Cause.squash(exit.cause);
};
