import { Context, Effect } from 'effect';
import { IdempotencyKeyReused } from '../orders/errors.ts';
import { CounterPayments } from '../orders/ports.ts';
import { NotFound } from '../shared/errors.ts';
import { giftCertificateBalance } from './gift-certificate-actions.ts';
import {
  amountProblem,
  decideRedeem,
  GiftCertificateBalanceTooLow,
  GiftCertificateRequestInvalid,
  type GiftCertificateBalanceTooLow as TooLow,
  type GiftCertificateKeyReused,
  type GiftCertificateNotFound,
} from './gift-certificates.ts';
import { giftAmountToApply } from './gift-tender.ts';

// The clerk takes a gift certificate as payment: it pays (part of) what a counter
// order still owes (after a split tender, an exchange or an invoice), as the first payment can
// (gift-tender.ts). Checked first (the code, the currency, the amount against the balance due and
// the certificate's balance); then the store, with the order row locked, judges the balance due
// again, redeems under the certificate's lock with the request's idempotency key and records the
// GiftCertificate payment in one transaction: never more than the balance, never spent twice.

export interface GiftBalancePayment {
  readonly orderId: number;
  readonly idempotencyKey: string;
  /** The code as typed. */
  readonly code: string;
  /** This payment's amount; null: all the balance due the certificate can pay. */
  readonly amount: number | null;
  readonly seller: { readonly id: number; readonly name: string };
  readonly counter: string;
}

export type GiftBalanceOutcome =
  | { readonly kind: 'paid'; readonly paymentId: number; readonly amount: number }
  | { readonly kind: 'noOrder' }
  | { readonly kind: 'overBalance'; readonly due: number }
  | { readonly kind: 'keyReused' }
  | {
      readonly kind: 'refused';
      readonly error: TooLow | GiftCertificateNotFound | GiftCertificateKeyReused;
    };

/** The store (adapters/postgres/extras/gift-balance-payments.ts). */
export class GiftBalancePayments extends Context.Service<
  GiftBalancePayments,
  {
    /**
     * In one transaction with the order row locked: the same key again answers its payment; the
     * balance due judged; the certificate redeemed with the key; the payment recorded.
     */
    readonly pay: (payment: {
      readonly orderId: number;
      readonly idempotencyKey: string;
      readonly code: string;
      readonly amount: number;
      readonly sellerId: number;
      readonly sellerName: string;
      readonly counter: string;
    }) => Effect.Effect<GiftBalanceOutcome>;
  }
>()('foyer/extras/GiftBalancePayments') {}

const invalidAmount = (message: string) => new GiftCertificateRequestInvalid({ field: 'amount', message });

export type GiftBalanceAmount =
  | { readonly ok: true; readonly amount: number }
  | {
      readonly ok: false;
      readonly problem: 'nothingDue' | 'amount' | 'overDue' | 'overCertificate';
      readonly message: string;
    };

/**
 * What a certificate pays of a balance: the amount asked, or (none asked) all the balance due the
 * certificate can pay; never more than the balance due nor the certificate's balance.
 */
export const giftBalanceAmount = (
  asked: number | null,
  due: number,
  certificateBalance: number,
): GiftBalanceAmount => {
  if (due <= 0) return { ok: false, problem: 'nothingDue', message: 'The order owes nothing.' };
  const amount = asked ?? giftAmountToApply(certificateBalance, due);
  if (asked === null && amount <= 0)
    return { ok: false, problem: 'overCertificate', message: 'The gift certificate has nothing left.' };
  const problem = amountProblem(amount);
  if (problem) return { ok: false, problem: 'amount', message: problem };
  if (amount > due)
    return {
      ok: false,
      problem: 'overDue',
      message: `Apply at most the balance due (${due}); got ${amount}.`,
    };
  if (!decideRedeem(certificateBalance, amount).ok)
    return {
      ok: false,
      problem: 'overCertificate',
      message: `The gift certificate has ${certificateBalance} left, less than ${amount}.`,
    };
  return { ok: true, amount };
};

export const payBalanceFromGiftCertificate = (cmd: GiftBalancePayment) =>
  Effect.gen(function* () {
    const payments = yield* CounterPayments;
    const notFound = new NotFound({ entity: 'Order', id: String(cmd.orderId) });
    // The same request again (a retry) answers its payment whatever the certificate holds now.
    const earlier = yield* payments.paymentByKey(cmd.idempotencyKey);
    if (earlier && (earlier.orderId !== cmd.orderId || earlier.paymentType !== 'GiftCertificate'))
      return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: cmd.idempotencyKey }));
    const before = yield* payments.balance(cmd.orderId);
    if (!before) return yield* Effect.fail(notFound);
    const certificate = yield* giftCertificateBalance(cmd.code);
    let amount = earlier?.amount ?? cmd.amount;
    if (!earlier) {
      if (certificate.currency !== before.currency.toUpperCase())
        return yield* Effect.fail(
          new GiftCertificateRequestInvalid({
            field: 'currency',
            message: `This gift certificate is in ${certificate.currency} and cannot pay in ${before.currency}.`,
          }),
        );
      const decided = giftBalanceAmount(cmd.amount, before.balanceDue, certificate.balance);
      if (!decided.ok)
        return yield* Effect.fail(
          decided.problem === 'overCertificate'
            ? new GiftCertificateBalanceTooLow({
                code: certificate.code,
                balance: certificate.balance,
                amount: cmd.amount ?? before.balanceDue,
                currency: certificate.currency,
              })
            : invalidAmount(decided.message),
        );
      amount = decided.amount;
    }
    const outcome = yield* (yield* GiftBalancePayments).pay({
      orderId: cmd.orderId,
      idempotencyKey: cmd.idempotencyKey,
      code: certificate.code,
      amount: amount!,
      sellerId: cmd.seller.id,
      sellerName: cmd.seller.name,
      counter: cmd.counter,
    });
    switch (outcome.kind) {
      case 'noOrder':
        return yield* Effect.fail(notFound);
      case 'overBalance':
        return yield* Effect.fail(invalidAmount(`Apply at most the balance due (${outcome.due}).`));
      case 'keyReused':
        return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: cmd.idempotencyKey }));
      case 'refused':
        return yield* Effect.fail(outcome.error);
    }
    const after = (yield* payments.balance(cmd.orderId))!;
    return {
      orderId: after.orderId,
      orderName: after.orderName,
      total: after.total,
      paymentId: outcome.paymentId,
      amount: outcome.amount,
      balanceDue: after.balanceDue,
    };
  });
