import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import { EXTERNAL_PURCHASING_MESSAGE } from '../../../core/basket/staff/saved-baskets.ts';
import type {
  AdminBasketRefused,
  BasketCannotBeSaved,
  CustomerEmailTaken,
} from '../../../core/basket/staff/errors.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { toBoom } from '../errors.ts';

// The box office's basket calls' own outcomes in words (the rest as adapters/http/errors.ts says).

type AdminError = AdminBasketRefused | BasketCannotBeSaved | CustomerEmailTaken;
type OtherError = Parameters<typeof toBoom>[0];

const isAdminError = (error: unknown): error is AdminError =>
  typeof error === 'object' &&
  error !== null &&
  ['AdminBasketRefused', 'BasketCannotBeSaved', 'CustomerEmailTaken'].includes(
    (error as { _tag?: string })._tag ?? '',
  );

export const adminBoom = (error: AdminError): Boom.Boom => {
  switch (error._tag) {
    case 'AdminBasketRefused':
      return Boom.badRequest(error.message, { body: { Fields: [error.field] } });
    case 'BasketCannotBeSaved':
      return Boom.conflict(EXTERNAL_PURCHASING_MESSAGE);
    case 'CustomerEmailTaken':
      return Boom.conflict('A customer already uses that e-mail address.', {
        body: { Fields: ['Email'], CustomerId: error.customerId },
      });
  }
};

/** Runs a use case; typed outcomes become their answer, anything else is a fault (500). */
export const runAdmin = async <A, E extends AdminError | OtherError>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw isAdminError(failure.value) ? adminBoom(failure.value) : toBoom(failure.value as OtherError);
  throw Cause.squash(exit.cause);
};
