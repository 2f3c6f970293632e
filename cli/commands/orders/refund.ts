import type { Knex } from 'knex';
import { CliError, exitCodes } from '../../context.ts';
import type { AfterSaleActor } from '../../../core/orders/after-sale.ts';
import type { OrderNotFound } from '../../../core/orders/after-sale-errors.ts';
import type { RefundRefused } from '../../../core/orders/refunds/errors.ts';
import { refundOrder, refundPayment, type RefundResult } from '../../../core/orders/refunds/refund-order.ts';
import { refundable } from '../../../core/orders/staff-orders/views.ts';
import type { GatewayUnavailable } from '../../../core/payments/ports.ts';
import { refusedWords } from '../../../adapters/http/refunds/answers.ts';
import { refundResultAnswer } from '../../../adapters/http/refunds/plugin.ts';
import {
  auditOrderChange,
  balanceLine,
  confirmOrRefuse,
  moneyOf,
  notFound,
  operator,
  printJson,
  printLines,
  runUseCase,
  withAppRuntime,
} from './run.ts';
import type { AppRuntime } from '../../../adapters/wiring.ts';
import { loadOrder } from './show.ts';

// What `foyer orders refund` does: core/orders/refunds/refund-order.ts. With --payment, that payment's
// refund (refundPayment; --cash pays it out of the till instead); else the amount placed over
// the order's payments by the refund rules (refundOrder), which first finishes any refund left
// pending, so running it again after a failure never refunds twice.

/** Checked by orders.ts. */
export interface RefundOrderMoney {
  readonly orderId: number;
  readonly paymentId: number | null;
  /** Minor units, or all the credit owed. */
  readonly amount: number | 'credit';
  /** Paid out in cash from the till instead of back the way it was paid. */
  readonly cash: boolean;
  readonly reason: string | null;
  readonly yes: boolean;
  readonly json: boolean;
}

/** A refund's refusal as the operator reads it (the words of the refund dialog). */
export const refundFailure = (
  error: RefundRefused | OrderNotFound | GatewayUnavailable,
  locale: string,
): CliError => {
  switch (error._tag) {
    case 'OrderNotFound':
      return notFound(error.orderId);
    case 'RefundRefused':
      return new CliError(`${refusedWords(error, locale)} Nothing changed.`, exitCodes.failed);
    case 'GatewayUnavailable':
      return new CliError(
        `${error.gateway} could not be reached. The refund is saved and will be tried again; it will not be made twice.`,
        exitCodes.failed,
      );
  }
};

const statusText = (r: RefundResult['refunds'][number]) =>
  r.status === 'pending'
    ? 'pending (the processor will be asked again with the same key; never twice)'
    : r.status === 'failed'
      ? `refused by the processor${r.failure ? ` (${r.failure})` : ''}; the credit is owed again`
      : r.status;

/** The refunds made, one line each, and what is owed after. */
export const refundText = (result: RefundResult, money: (minor: number) => string): string[] => [
  ...(result.refunds.length === 0
    ? ['No refund was needed: no credit is owed.']
    : result.refunds.map(
        (r) =>
          `Refund ${r.refundId}: ${money(r.amount)} from payment ${r.paymentId} as ${r.refundType}: ${statusText(r)}.`,
      )),
  balanceLine(result.balanceDue, money),
];

/** The refunds made, in the order's audit (nothing when none was made). */
export const auditRefunds = async (
  db: Knex,
  actor: AfterSaleActor,
  orderId: number,
  result: RefundResult,
) => {
  if (result.refunds.length === 0) return;
  await auditOrderChange(db, {
    actor,
    action: 'orders.refund',
    orderId,
    details: { refunds: result.refunds, balanceDue: result.balanceDue },
  });
};

/**
 * After a cancellation or an exchange: the credit owed given back (refundOrder). A refusal or a
 * processor that cannot be reached does not undo what came before: the credit stays owed, and
 * the answer says why.
 */
export const refundCreditAfter = async (
  runtime: AppRuntime,
  db: Knex,
  cmd: { readonly orderId: number; readonly reason: string | null; readonly actor: AfterSaleActor },
  locale: string,
): Promise<{ refund: RefundResult | null; refundError: string | null }> => {
  try {
    const refund = await runUseCase(
      runtime,
      refundOrder({ orderId: cmd.orderId, amount: 'credit', reason: cmd.reason, actor: cmd.actor }),
      (error) => refundFailure(error, locale),
    );
    await auditRefunds(db, cmd.actor, cmd.orderId, refund);
    return { refund, refundError: null };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { refund: null, refundError: error.message };
  }
};

/** Exit 1 after the rest was printed: the change stands, its refund was not made. */
export const refundNotMade = (refundError: string, orderName: string) =>
  new CliError(
    `The refund was not made: ${refundError} The credit stays owed: \`foyer orders refund ${orderName} --amount credit\` gives it back.`,
    exitCodes.failed,
  );

/**
 * Exit 1 after the answer was printed when a processor refused a refund (failed) or did not
 * answer (pending: asked again by the refunds job, or by the same command run again).
 */
export const failUnlessThrough = (result: RefundResult | null) => {
  if (result?.refunds.some((r) => r.status !== 'succeeded'))
    throw new CliError('Not every refund went through yet (see above).', exitCodes.failed);
};

/** The admin API's refund answer (adapters/http/contract/refunds.ts RefundAnswer). */
export const refundJson = refundResultAnswer;

export const refundOrderMoney = (cmd: RefundOrderMoney) =>
  withAppRuntime(async (runtime, { db }) => {
    const order = await loadOrder(runtime, cmd.orderId);
    const locale = order.order.currencyLocale;
    const money = moneyOf(locale);
    const owed = Math.max(0, -order.balance.balanceDue);
    const pending = order.refunds.filter((r) => r.status === 'pending').length;

    let question: string;
    if (cmd.paymentId !== null) {
      const payment = order.payments.find((p) => p.id === cmd.paymentId);
      if (!payment)
        throw new CliError(
          `Payment ${cmd.paymentId} is not a payment of ${order.order.name}. Nothing changed.`,
          exitCodes.failed,
        );
      const way = payment.cardLast4
        ? `${payment.paymentType} ${payment.cardBrand ?? 'card'} ${payment.cardLast4}`
        : payment.paymentType;
      question =
        `Refund ${money(cmd.amount as number)} of ${order.order.name} from payment ${payment.id} (${way}, ${money(refundable(payment))} refundable)` +
        (cmd.cash ? ', paid out in cash from the till?' : ', back the way it was paid?');
    } else if (cmd.amount === 'credit') {
      if (owed === 0 && pending === 0) {
        const result: RefundResult = { refunds: [], balanceDue: order.balance.balanceDue };
        if (cmd.json) printJson(refundJson(cmd.orderId, result));
        else printLines([`${order.order.name} owes the customer nothing. Nothing changed.`]);
        return;
      }
      question =
        owed > 0
          ? `Refund the credit owed on ${order.order.name} (${money(owed)}), taken from the payments by the refund rules${cmd.cash ? ', paid out in cash from the till' : ''}?`
          : `Finish the ${pending} pending refund(s) of ${order.order.name}?`;
    } else {
      question = `Refund ${money(cmd.amount)} of ${order.order.name} (credit owed ${money(owed)}), taken from the payments by the refund rules${cmd.cash ? ', paid out in cash from the till' : ''}?`;
    }
    await confirmOrRefuse(question, cmd.yes);

    const actor = operator();
    const result = await runUseCase(
      runtime,
      cmd.paymentId !== null
        ? refundPayment({
            orderId: cmd.orderId,
            paymentId: cmd.paymentId,
            amount: cmd.amount as number,
            alternative: cmd.cash ? 'Cash' : null,
            reason: cmd.reason,
            actor,
          })
        : refundOrder({
            orderId: cmd.orderId,
            amount: cmd.amount,
            reason: cmd.reason,
            actor,
            alternative: cmd.cash ? 'Cash' : null,
          }),
      (error) => refundFailure(error, locale),
    );
    await auditRefunds(db, actor, cmd.orderId, result);
    if (cmd.json) printJson(refundJson(cmd.orderId, result));
    else printLines(refundText(result, money));
    failUnlessThrough(result);
  });
