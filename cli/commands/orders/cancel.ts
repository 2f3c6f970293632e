import { CliError, exitCodes } from '../../context.ts';
import { TicketsNotCancellable } from '../../../core/orders/after-sale-errors.ts';
import { cancelTickets, type TicketsCancelled } from '../../../core/orders/staff-orders/cancel-tickets.ts';
import { planCancellation } from '../../../core/orders/staff-orders/cancellation.ts';
import type { RefundResult } from '../../../core/orders/refunds/refund-order.ts';
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
import { cancelWords } from '../../../adapters/http/staff-orders/answers.ts';
import { loadOrder } from './show.ts';
import { failUnlessThrough, refundCreditAfter, refundJson, refundNotMade, refundText } from './refund.ts';

// What `foyer orders cancel` does: core/orders/staff-orders/cancel-tickets.ts (the seats go back on sale, what
// the tickets cost comes off the total less the fee kept), then with --refund
// core/orders/refunds/refund-order.ts gives the credit owed back. Run again after a failure it finishes
// the job: nothing left to cancel is not an error, and refundOrder completes any pending refund
// before it refunds only the credit still owed.

/** Checked by orders.ts. */
export interface CancelOrderTickets {
  readonly orderId: number;
  /** null: every Active ticket. */
  readonly ticketIds: readonly number[] | null;
  /** Kept, minor units. */
  readonly fee: number;
  readonly refund: boolean;
  readonly reason: string | null;
  readonly yes: boolean;
  readonly json: boolean;
}

const ids = (list: readonly number[]) => list.join(', ');

export const cancelOrderTickets = (cmd: CancelOrderTickets) =>
  withAppRuntime(async (runtime, { db }) => {
    const order = await loadOrder(runtime, cmd.orderId);
    const money = moneyOf(order.order.currencyLocale);
    const refused = (error: TicketsNotCancellable) =>
      new CliError(`${cancelWords(error, order.order.currencyLocale)} Nothing changed.`, exitCodes.failed);

    // Judged here first on what the order shows, so the question names exactly what goes; the use
    // case judges it again under the order's lock.
    const plan = planCancellation(order.tickets, {
      orderId: cmd.orderId,
      ticketIds: cmd.ticketIds,
      fee: cmd.fee,
    });
    if (plan instanceof TicketsNotCancellable) throw refused(plan);
    const owedAfter = order.balance.balanceDue - plan.cancelledValue + cmd.fee;
    // A run cut short after the cancellation may have left credit owed or a refund pending.
    const refundLeft = order.balance.balanceDue < 0 || order.refunds.some((r) => r.status === 'pending');
    if (plan.ticketIds.length === 0 && !(cmd.refund && refundLeft)) {
      const answer: TicketsCancelled = {
        orderId: cmd.orderId,
        cancelledTicketIds: [],
        orderStatus: order.order.status === 'Cancelled' ? 'Cancelled' : 'Complete',
        balanceDue: order.balance.balanceDue,
      };
      if (cmd.json) printJson(cancelJson(answer, null, null));
      else printLines([`${order.order.name} has no active tickets left to cancel. Nothing changed.`]);
      return;
    }

    const what =
      plan.ticketIds.length === 0
        ? `Refund what ${order.order.name} still owes the customer (${money(Math.max(0, -order.balance.balanceDue))} and any refund pending)`
        : `Cancel ${plan.ticketIds.length === 1 ? 'ticket' : 'tickets'} ${ids(plan.ticketIds)} of ${order.order.name} ` +
          `(${money(plan.cancelledValue)}${cmd.fee > 0 ? `, keeping a fee of ${money(cmd.fee)}` : ''})` +
          (cmd.refund && owedAfter < 0 ? ` and refund the credit owed (${money(-owedAfter)})` : '');
    await confirmOrRefuse(`${what}?`, cmd.yes);

    const actor = operator();
    const cancelled = await runUseCase(
      runtime,
      cancelTickets({
        orderId: cmd.orderId,
        ticketIds: cmd.ticketIds,
        fee: cmd.fee,
        reason: cmd.reason,
        actor,
      }),
      (error) => (error._tag === 'OrderNotFound' ? notFound(cmd.orderId) : refused(error)),
    );
    if (cancelled.cancelledTicketIds.length > 0)
      await auditOrderChange(db, {
        actor,
        action: 'orders.cancel',
        orderId: cmd.orderId,
        details: { ticketIds: cancelled.cancelledTicketIds, fee: cmd.fee, reason: cmd.reason },
      });
    const { refund, refundError } = cmd.refund
      ? await refundCreditAfter(
          runtime,
          db,
          { orderId: cmd.orderId, reason: cmd.reason, actor },
          order.order.currencyLocale,
        )
      : { refund: null, refundError: null };
    const balanceDue = refund?.balanceDue ?? cancelled.balanceDue;
    if (cmd.json) printJson(cancelJson({ ...cancelled, balanceDue }, refund, refundError));
    else {
      const lines =
        cancelled.cancelledTicketIds.length === 0
          ? [`${order.order.name} had no active tickets left to cancel.`]
          : [
              `Cancelled ${cancelled.cancelledTicketIds.length === 1 ? 'ticket' : 'tickets'} ${ids(cancelled.cancelledTicketIds)} of ${order.order.name}; the seats are on sale again.` +
                (cancelled.orderStatus === 'Cancelled' ? ' The order is cancelled.' : ''),
            ];
      if (refund) lines.push(...refundText(refund, money));
      else lines.push(balanceLine(balanceDue, money));
      printLines(lines);
    }
    if (refundError !== null) throw refundNotMade(refundError, order.order.name);
    failUnlessThrough(refund);
  });

/** The admin API's cancel answer (adapters/http/contract/staff-orders.ts CancelTicketsAnswer). */
const cancelJson = (
  cancelled: TicketsCancelled,
  refund: RefundResult | null,
  refundError: string | null,
) => ({
  CancelledTicketIds: cancelled.cancelledTicketIds,
  OrderStatus: cancelled.orderStatus,
  BalanceDue: cancelled.balanceDue,
  Refunds: refund ? refundJson(cancelled.orderId, refund).Refunds : [],
  RefundError: refundError,
});
