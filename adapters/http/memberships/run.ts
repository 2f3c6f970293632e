import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type { MembershipNotFound, MembershipRequestInvalid } from '../../../core/memberships/ports.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { toBoom } from '../errors.ts';

// Runs a membership use case: its refusals worded here (not found; the fields to put right, each
// with its message), the rest as every route (errors.ts).

type MembershipError = MembershipNotFound | MembershipRequestInvalid;
type KnownError = Parameters<typeof toBoom>[0] | MembershipError;

export const NOT_FOUND = 'Membership not found.';

const membershipBoom = (error: MembershipError): Boom.Boom =>
  error._tag === 'MembershipNotFound'
    ? Boom.notFound(NOT_FOUND)
    : Boom.badRequest(error.problems.map((p) => `${p.field}: ${p.message}`).join(' '), {
        body: { Errors: error.problems.map((p) => ({ Field: p.field, Message: p.message })) },
      });

const isMembershipError = (error: { readonly _tag: string }): error is MembershipError =>
  error._tag === 'MembershipNotFound' || error._tag === 'MembershipRequestInvalid';

export const runMembership = async <A, E extends KnownError>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw isMembershipError(failure.value) ? membershipBoom(failure.value) : toBoom(failure.value);
  throw Cause.squash(exit.cause);
};
