import { Data } from 'effect';

// Gift certificates: money a buyer holds as a code (gift-certificate-code.ts). What a certificate
// is worth is its ledger: one entry per movement, and the balance is their sum.
//
// - issue: the amount bought, once per certificate (positive);
// - redeem: an amount spent at checkout (negative), never more than the balance at that moment;
// - refund: money of a refunded order put back on a certificate (positive).
//
// The balance can never go below zero and an amount is never spent twice: the store takes each
// redemption under the certificate's row lock, PostgreSQL refuses a negative balance
// (migrations/20261213000200_gift_certificates.ts), and a redemption or refund carries an
// idempotency key, so the same payment retried finds its first entry instead of spending again.

export type GiftEntryKind = 'issue' | 'redeem' | 'refund';

/** Largest amount a certificate is issued for, or one movement moves: 10,000.00 in minor units. */
export const MAX_GIFT_CERTIFICATE_AMOUNT = 1_000_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export interface GiftLedgerEntry {
  readonly kind: GiftEntryKind;
  /** Signed minor units: issue and refund positive, redeem negative. */
  readonly amount: number;
}

/** The ledger's sum: what the certificate is worth now. */
export const balanceOf = (entries: readonly GiftLedgerEntry[]): number =>
  entries.reduce((sum, e) => sum + e.amount, 0);

/** The signed ledger amount of a movement of `amount` (positive) minor units. */
export const signedAmount = (kind: GiftEntryKind, amount: number): number =>
  kind === 'redeem' ? -amount : amount;

/** Null when `amount` may be moved, else what to fix. */
export const amountProblem = (amount: number): string | null =>
  !Number.isSafeInteger(amount) || amount <= 0
    ? `The amount must be a whole number of minor units above 0 (1.00 is 100); got ${amount}.`
    : amount > MAX_GIFT_CERTIFICATE_AMOUNT
      ? `The amount may be at most ${MAX_GIFT_CERTIFICATE_AMOUNT} minor units (10,000.00); got ${amount}.`
      : null;

/** Null when the key may name a movement, else what to fix. */
export const keyProblem = (key: string): string | null =>
  key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH
    ? `The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (the payment attempt or refund it belongs to).`
    : null;

export type RedeemDecision =
  | { readonly ok: true; readonly balance: number }
  | { readonly ok: false; readonly balance: number; readonly shortBy: number };

/** A redemption of `amount` against `balance`: the balance after it, or how much is missing. */
export const decideRedeem = (balance: number, amount: number): RedeemDecision =>
  amount <= balance
    ? { ok: true, balance: balance - amount }
    : { ok: false, balance, shortBy: amount - balance };

/** The code typed is not a code (its length, a character, or its check character). */
export class GiftCertificateCodeInvalid extends Data.TaggedError('GiftCertificateCodeInvalid')<{
  readonly typed: string;
  readonly message: string;
}> {}

/** A well-formed code no certificate has. */
export class GiftCertificateNotFound extends Data.TaggedError('GiftCertificateNotFound')<{
  readonly code: string;
}> {}

/** A bad amount, currency or idempotency key: `field` names it, `message` says what to fix. */
export class GiftCertificateRequestInvalid extends Data.TaggedError('GiftCertificateRequestInvalid')<{
  readonly field: 'amount' | 'currency' | 'key';
  readonly message: string;
}> {}

/** The redemption is more than the balance; nothing was taken. */
export class GiftCertificateBalanceTooLow extends Data.TaggedError('GiftCertificateBalanceTooLow')<{
  readonly code: string;
  readonly balance: number;
  readonly amount: number;
  readonly currency: string;
}> {}

/** The idempotency key already names another movement (another certificate, kind or amount). */
export class GiftCertificateKeyReused extends Data.TaggedError('GiftCertificateKeyReused')<{
  readonly key: string;
}> {}

/**
 * A checkout's gift certificate pays part of the total and nothing pays the rest (no card, no
 * saved card): refused before any attempt is saved, so nothing is spent.
 */
export class GiftCertificateDoesNotCover extends Data.TaggedError('GiftCertificateDoesNotCover')<{
  readonly applied: number;
  readonly due: number;
  readonly currency: string;
}> {}
