import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type {
  GiftCertificateBalanceTooLow,
  GiftCertificateCodeInvalid,
  GiftCertificateDoesNotCover,
  GiftCertificateKeyReused,
  GiftCertificateNotFound,
  GiftCertificateRequestInvalid,
} from '../../../core/extras/gift-certificates.ts';
import { formatGiftCertificateCode } from '../../../core/extras/gift-certificate-code.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { toBoom } from '../errors.ts';

// Runs a gift certificate use case: the ledger's refusals worded here (a code that is not a code,
// none with this code, too little on it), the rest as every route (errors.ts).

export type GiftError =
  | GiftCertificateCodeInvalid
  | GiftCertificateNotFound
  | GiftCertificateRequestInvalid
  | GiftCertificateBalanceTooLow
  | GiftCertificateKeyReused
  | GiftCertificateDoesNotCover;

type KnownError = Parameters<typeof toBoom>[0] | GiftError;

const GIFT_TAGS = new Set([
  'GiftCertificateCodeInvalid',
  'GiftCertificateNotFound',
  'GiftCertificateRequestInvalid',
  'GiftCertificateBalanceTooLow',
  'GiftCertificateKeyReused',
  'GiftCertificateDoesNotCover',
]);

export const isGiftError = (error: { readonly _tag: string }): error is GiftError =>
  GIFT_TAGS.has(error._tag);

export const giftBoom = (error: GiftError): Boom.Boom => {
  switch (error._tag) {
    case 'GiftCertificateCodeInvalid':
      return Boom.badRequest(`Gift certificate code: ${error.message}`, { body: { Code: 'CodeInvalid' } });
    case 'GiftCertificateNotFound':
      return Boom.notFound(`No gift certificate has the code ${formatGiftCertificateCode(error.code)}.`);
    case 'GiftCertificateRequestInvalid':
      return Boom.badRequest(`Gift certificate ${error.field}: ${error.message}`, {
        body: { Code: 'RequestInvalid' },
      });
    case 'GiftCertificateBalanceTooLow':
      return Boom.badRequest(
        `The gift certificate has ${error.balance} left, less than ${error.amount}: apply at most its balance.`,
        { body: { Code: 'BalanceTooLow', Balance: error.balance } },
      );
    case 'GiftCertificateDoesNotCover':
      return Boom.badData(
        `The gift certificate does not cover the order: ${error.due} (${error.currency} minor units) is still to pay. Add a card for the rest, or apply more from a certificate.`,
        { body: { Code: 'GiftCertificateShort', Applied: error.applied, Due: error.due, Fields: ['Token'] } },
      );
    case 'GiftCertificateKeyReused':
      return Boom.conflict('This payment already used another gift certificate amount.', {
        body: { Code: 'KeyReused' },
      });
  }
};

export const runGift = async <A, E extends KnownError>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw isGiftError(failure.value) ? giftBoom(failure.value) : toBoom(failure.value);
  throw Cause.squash(exit.cause);
};
