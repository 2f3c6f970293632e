import { Effect } from 'effect';
import { tryMoney } from '../shared/money.ts';
import { parseGiftCertificateCode } from './gift-certificate-code.ts';
import {
  amountProblem,
  GiftCertificateCodeInvalid,
  GiftCertificateNotFound,
  GiftCertificateRequestInvalid,
  keyProblem,
} from './gift-certificates.ts';
import { GiftCertificates } from './ports.ts';

// The gift certificate use cases. Each checks what it was given first (a code that is not a code,
// a bad amount or key, another currency: a clear error, nothing changed), then lets the store
// move the money under the certificate's lock (ports.ts).

const parseCode = (typed: string) => {
  const parsed = parseGiftCertificateCode(typed);
  return parsed.ok
    ? Effect.succeed(parsed.code)
    : Effect.fail(new GiftCertificateCodeInvalid({ typed, message: parsed.message }));
};

const checkAmount = (amount: number) => {
  const problem = amountProblem(amount);
  return problem
    ? Effect.fail(new GiftCertificateRequestInvalid({ field: 'amount', message: problem }))
    : Effect.void;
};

const checkKey = (key: string) => {
  const problem = keyProblem(key);
  return problem
    ? Effect.fail(new GiftCertificateRequestInvalid({ field: 'key', message: problem }))
    : Effect.void;
};

/** The certificate named by a typed code (its balance), or why there is none. */
export const giftCertificateBalance = (typed: string) =>
  Effect.gen(function* () {
    const code = yield* parseCode(typed);
    const found = yield* (yield* GiftCertificates).find(code);
    return found ?? (yield* Effect.fail(new GiftCertificateNotFound({ code })));
  });

export const issueGiftCertificate = (request: { amount: number; currency: string; orderId: number | null }) =>
  Effect.gen(function* () {
    yield* checkAmount(request.amount);
    const money = tryMoney(request.amount, request.currency);
    if (!money.ok)
      return yield* Effect.fail(
        new GiftCertificateRequestInvalid({
          field: 'currency',
          message: `The currency must be a three-letter ISO 4217 code such as USD; got '${request.currency}'.`,
        }),
      );
    return yield* (yield* GiftCertificates).issue({ ...request, currency: money.value.currency });
  });

interface Movement {
  /** The code as typed. */
  readonly code: string;
  readonly amount: number;
  /** The basket's or order's currency: a certificate pays only in its own. */
  readonly currency: string;
  readonly key: string;
  readonly orderId: number | null;
}

const prepare = (m: Movement) =>
  Effect.gen(function* () {
    const certificate = yield* giftCertificateBalance(m.code);
    yield* checkAmount(m.amount);
    yield* checkKey(m.key);
    if (certificate.currency !== m.currency.toUpperCase())
      return yield* Effect.fail(
        new GiftCertificateRequestInvalid({
          field: 'currency',
          message: `This gift certificate is in ${certificate.currency} and cannot pay in ${m.currency}.`,
        }),
      );
    return { code: certificate.code, amount: m.amount, key: m.key, orderId: m.orderId };
  });

/** Spends part or all of a certificate's balance (never more; never twice for one key). */
export const redeemGiftCertificate = (m: Movement) =>
  Effect.gen(function* () {
    const request = yield* prepare(m);
    return yield* (yield* GiftCertificates).redeem(request);
  });

/** Puts money of a refunded order back on a certificate (once for one key). */
export const refundToGiftCertificate = (m: Movement) =>
  Effect.gen(function* () {
    const request = yield* prepare(m);
    return yield* (yield* GiftCertificates).refund(request);
  });
