import Boom from '@hapi/boom';
import type { MembershipNotFound, MembershipRequestInvalid } from '../../../core/memberships/ports.ts';
import { refusalWords, runnerWith } from '../route.ts';

// Runs a membership use case: its refusals worded here (not found; the fields to put right, each
// with its message), the rest as every route (errors.ts).

type MembershipError = MembershipNotFound | MembershipRequestInvalid;

export const NOT_FOUND = 'Membership not found.';

const membershipBoom = (error: MembershipError): Boom.Boom =>
  error._tag === 'MembershipNotFound'
    ? Boom.notFound(NOT_FOUND)
    : Boom.badRequest(error.problems.map((p) => `${p.field}: ${p.message}`).join(' '), {
        body: { Errors: error.problems.map((p) => ({ Field: p.field, Message: p.message })) },
      });

/** Runs a membership use case (route.ts runnerWith). */
export const runMembership = runnerWith(
  refusalWords<MembershipError>(['MembershipNotFound', 'MembershipRequestInvalid'], membershipBoom),
);
