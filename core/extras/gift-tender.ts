import { Effect } from 'effect';
import type { GiftTender } from '../orders/order.ts';
import { giftCertificateBalance } from './gift-certificate-actions.ts';
import {
  amountProblem,
  decideRedeem,
  GiftCertificateBalanceTooLow,
  GiftCertificateRequestInvalid,
} from './gift-certificates.ts';

// Paying part of an order with a gift certificate at checkout: checked before the attempt is
// saved (the code, the amount against the balance and what is due, the currency), so a buyer
// hears at once what is wrong. The balance may still be spent by someone else before the sale:
// the sale's transaction redeems under the certificate's lock and sells nothing if it cannot
// (adapters/postgres/orders/complete-order.ts), so money is never spent twice.

/** The amount to apply: all the balance or all that is due, whichever is less. */
export const giftAmountToApply = (balance: number, due: number): number =>
  Math.max(0, Math.min(balance, due));

/** The checked tender, or none when the request names no certificate. */
export const giftTenderFor = (
  request: { readonly code: string; readonly amount: number } | null | undefined,
  orderTotal: number,
  currency: string,
) =>
  Effect.gen(function* () {
    if (!request) return null;
    const certificate = yield* giftCertificateBalance(request.code);
    const problem = amountProblem(request.amount);
    if (problem)
      return yield* Effect.fail(new GiftCertificateRequestInvalid({ field: 'amount', message: problem }));
    if (request.amount > orderTotal)
      return yield* Effect.fail(
        new GiftCertificateRequestInvalid({
          field: 'amount',
          message: `Apply at most what the order costs (${orderTotal}); got ${request.amount}.`,
        }),
      );
    if (certificate.currency !== currency.toUpperCase())
      return yield* Effect.fail(
        new GiftCertificateRequestInvalid({
          field: 'currency',
          message: `This gift certificate is in ${certificate.currency} and cannot pay in ${currency}.`,
        }),
      );
    if (!decideRedeem(certificate.balance, request.amount).ok)
      return yield* Effect.fail(
        new GiftCertificateBalanceTooLow({
          code: certificate.code,
          balance: certificate.balance,
          amount: request.amount,
          currency: certificate.currency,
        }),
      );
    return { code: certificate.code, amount: request.amount, orderTotal } satisfies GiftTender;
  });
