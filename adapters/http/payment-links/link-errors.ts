import Boom from '@hapi/boom';
import { Effect } from 'effect';
import type { PaymentLinkUnauthorized, PaymentRequestClosed } from '../../../core/group-sales/errors.ts';

// The group-sales outcomes in words: a link that is not the caller's is a 401 (the payer's page
// goes to /payment/Unauthorized); a request that takes no more money is a 409. Any other outcome
// is worded by adapters/http/errors.ts, as checkout's are.

const closedMessage = (status: 'paid' | 'cancelled') =>
  status === 'paid'
    ? 'This payment request has already been paid.'
    : 'This payment request has been cancelled. Please contact the box office.';

export const linkErrors = <A, E, R>(
  program: Effect.Effect<A, E | PaymentLinkUnauthorized | PaymentRequestClosed, R>,
): Effect.Effect<A, Exclude<E, PaymentLinkUnauthorized | PaymentRequestClosed>, R> =>
  program.pipe(
    Effect.catchIf(
      (error): error is PaymentLinkUnauthorized | PaymentRequestClosed =>
        typeof error === 'object' &&
        error !== null &&
        '_tag' in error &&
        (error._tag === 'PaymentLinkUnauthorized' || error._tag === 'PaymentRequestClosed'),
      (error) =>
        Effect.die(
          error._tag === 'PaymentLinkUnauthorized'
            ? Boom.unauthorized('No group sales information found for this link.')
            : Boom.conflict(closedMessage(error.status), { body: { Status: error.status } }),
        ),
    ),
  ) as Effect.Effect<A, Exclude<E, PaymentLinkUnauthorized | PaymentRequestClosed>, R>;
