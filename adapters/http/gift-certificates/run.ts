import Boom from '@hapi/boom';
import type {
  GiftCertificateBalanceTooLow,
  GiftCertificateCodeInvalid,
  GiftCertificateDoesNotCover,
  GiftCertificateKeyReused,
  GiftCertificateNotFound,
  GiftCertificateRequestInvalid,
} from '../../../core/extras/gift-certificates.ts';
import { formatGiftCertificateCode } from '../../../core/extras/gift-certificate-code.ts';
import { refusalWords, runnerWith } from '../route.ts';

// Runs a gift certificate use case: the ledger's refusals worded here (a code that is not a code,
// none with this code, too little on it), the rest as every route (errors.ts).

export type GiftError =
  | GiftCertificateCodeInvalid
  | GiftCertificateNotFound
  | GiftCertificateRequestInvalid
  | GiftCertificateBalanceTooLow
  | GiftCertificateKeyReused
  | GiftCertificateDoesNotCover;

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

/** The ledger's refusals in words. */
export const giftWords = refusalWords<GiftError>([...GIFT_TAGS] as GiftError['_tag'][], giftBoom);

/** Runs a gift certificate use case (route.ts runnerWith). */
export const runGift = runnerWith(giftWords);
