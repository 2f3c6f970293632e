import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import { formatMoney } from '../../../core/i18n/format-money.ts';
import type { OrderNotFound } from '../../../core/orders/after-sale-errors.ts';
import type { RefundRefused } from '../../../core/orders/refunds/errors.ts';
import type { GatewayUnavailable } from '../../../core/payments/ports.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';

// The refund calls' refusals in words for the clerk (core/orders/refunds/errors.ts has the codes).

type RefundError = RefundRefused | OrderNotFound | GatewayUnavailable;

const money = (minor: number | undefined, locale: string) => formatMoney(minor ?? 0, locale);

export const refusedWords = (error: RefundRefused, locale: string): string => {
  switch (error.code) {
    case 'NotWholeAmount':
      return 'The refund amount must be more than 0.';
    case 'NothingOwed':
      return 'This order owes the customer nothing: cancel tickets first, then refund the credit.';
    case 'MoreThanOwed':
      return `The refund cannot be more than the credit owed (${money(error.owed, locale)}).`;
    case 'MoreThanRefundable':
      return error.paymentId
        ? `Payment ${error.paymentId} can give back at most ${money(error.refundable, locale)} (its amount less what it already refunded).`
        : `The order's payments can give back at most ${money(error.refundable, locale)}.`;
    case 'UnknownPayment':
    case 'NotRefundable':
      return `Payment ${error.paymentId} is not a payment of this order that can be refunded.`;
    case 'DuplicatePayment':
      return `Payment ${error.paymentId} is named twice.`;
    case 'GatewayNotConfigured':
      return `Payment ${error.paymentId} was taken by a processor that is not set up here: refund it as cash instead.`;
    case 'DeclinedByProcessor':
      return `The processor refused to refund payment ${error.paymentId} (${error.detail ?? 'no reason given'}). Nothing was given back; the credit is still owed and may be paid back in cash instead.`;
  }
};

export const refundBoom = (error: RefundError, locale = 'en-us'): Boom.Boom => {
  switch (error._tag) {
    case 'RefundRefused':
      return Boom.badRequest(refusedWords(error, locale), { body: { Code: error.code } });
    case 'OrderNotFound':
      return Boom.notFound(`Order ${error.orderId} was not found.`);
    case 'GatewayUnavailable':
      return Boom.badGateway('gateway', {
        message: `${error.gateway} could not be reached. The refund is saved and will be tried again; it will not be made twice.`,
      });
  }
};

/** Runs a refund use case; its refusals worded here, a fault answered as every route's. */
export const runRefund = async <A>(
  runtime: AppRuntime,
  program: Effect.Effect<A, RefundError, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw refundBoom(failure.value);
  throw Cause.squash(exit.cause);
};
