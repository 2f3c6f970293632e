import { Effect } from 'effect';
import { CliError, exitCodes } from '../../context.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
import { completeExchange } from '../../../core/orders/exchanges/complete.ts';
import { startExchange } from '../../../core/orders/exchanges/start.ts';
import { creditOf } from '../../../core/orders/exchanges/rules.ts';
import { exchangeBoom } from '../../../adapters/http/exchanges/run.ts';
import { toBoom } from '../../../adapters/http/errors.ts';
import { failUnlessThrough, refundCreditAfter, refundJson, refundNotMade, refundText } from './refund.ts';
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
import { loadOrder } from './show.ts';

// What `foyer orders exchange` does: the exchange of core/orders/exchange-*.ts in one go. An
// exchange basket is opened for the order, the new seats are held in it (the basket's own rules,
// core/basket/add-seats.ts), and the swap is made in one transaction. The difference is left on
// the order's balance: money owed back is refunded with --refund (refundOrder); money still due
// is taken at the counter like any balance (the command line has no till to take cash into).

/** Checked by orders.ts. */
export interface ExchangeOrderTickets {
  readonly orderId: number;
  /** null: every Active ticket. */
  readonly ticketIds: readonly number[] | null;
  readonly eventId: number;
  readonly seatKeys: readonly string[];
  readonly priceTypeId: number | null;
  readonly refund: boolean;
  readonly yes: boolean;
  readonly json: boolean;
}

/** A use case's typed refusal in the box office's words (the HTTP edge's, without the status). */
const refusedExchange = (error: unknown, orderId: number): CliError => {
  const tag = (error as { _tag?: string })._tag;
  if (tag === 'NotFound' && (error as { entity?: string }).entity === 'Order') return notFound(orderId);
  const boom =
    tag === 'ExchangeRefused' || tag === 'ExchangeBasketFailed'
      ? exchangeBoom(error as Parameters<typeof exchangeBoom>[0])
      : toBoom(error as Parameters<typeof toBoom>[0]);
  return new CliError(`${boom.message} The order is unchanged.`, exitCodes.failed);
};

export const exchangeOrderTickets = (cmd: ExchangeOrderTickets) =>
  withAppRuntime(async (runtime, { config, db }) => {
    const order = await loadOrder(runtime, cmd.orderId);
    const money = moneyOf(order.order.currencyLocale);
    const given = order.tickets.filter((t) =>
      cmd.ticketIds === null ? t.status === 'Active' : cmd.ticketIds.includes(t.id),
    );
    if (given.length === 0 && cmd.ticketIds === null)
      throw new CliError(
        `${order.order.name} has no active tickets to exchange. Nothing changed.`,
        exitCodes.failed,
      );
    await confirmOrRefuse(
      `Exchange ${given.length === 1 ? 'ticket' : 'tickets'} ${given.map((t) => t.id).join(', ')} of ${order.order.name} ` +
        `(credit ${money(creditOf(given))}) for ${cmd.seatKeys.length === 1 ? 'seat' : 'seats'} ${cmd.seatKeys.join(', ')} of event ${cmd.eventId}` +
        `${cmd.refund ? ', refunding any credit owed after' : ''}?`,
      cmd.yes,
    );

    const actor = operator();
    const staff = { staffUserId: actor.staffUserId, name: actor.name };
    const holdSeconds = config.BASKET_HOLD_MINUTES * 60;
    const refused = (error: unknown) => refusedExchange(error, cmd.orderId);
    const done = await runUseCase(
      runtime,
      Effect.gen(function* () {
        const started = yield* startExchange({
          orderId: cmd.orderId,
          ticketIds: cmd.ticketIds,
          staff,
          holdSeconds,
        });
        // The exchange basket is a staff basket on the box office's channel, like the clerk's.
        yield* addSeats({
          caller: { basketId: started.basketId, staff: true },
          holdSeconds,
          eventId: cmd.eventId,
          salesChannel: 'BoxOffice',
          seats: cmd.seatKeys.map((key) => ({ key, priceTypeId: cmd.priceTypeId })),
        });
        return yield* completeExchange({ exchangeId: started.exchangeId, staff });
      }),
      refused,
    );
    await auditOrderChange(db, {
      actor,
      action: 'orders.exchange',
      orderId: cmd.orderId,
      details: {
        exchangeId: done.exchangeId,
        exchangedTicketIds: done.exchangedTicketIds,
        newTicketIds: done.newTicketIds,
        difference: done.difference,
      },
    });

    const { refund, refundError } =
      cmd.refund && done.balanceDue < 0
        ? await refundCreditAfter(
            runtime,
            db,
            { orderId: cmd.orderId, reason: 'exchange', actor },
            order.order.currencyLocale,
          )
        : { refund: null, refundError: null };
    const balanceDue = refund?.balanceDue ?? done.balanceDue;
    if (cmd.json)
      printJson({
        ExchangeGlobalID: done.exchangeId,
        OrderId: done.orderId,
        ExchangedTicketIds: done.exchangedTicketIds,
        NewTicketIds: done.newTicketIds,
        Difference: done.difference,
        BalanceDue: balanceDue,
        Refunds: refund ? refundJson(cmd.orderId, refund).Refunds : [],
        RefundError: refundError,
      });
    else {
      const lines = [
        `Exchanged tickets ${done.exchangedTicketIds.join(', ')} of ${order.order.name} for tickets ${done.newTicketIds.join(', ')}; ` +
          `the difference is ${money(done.difference)}.`,
      ];
      if (refund) lines.push(...refundText(refund, money));
      else lines.push(balanceLine(balanceDue, money));
      if (balanceDue > 0) lines.push('Take the balance at the counter (the order page) or by invoice.');
      printLines(lines);
    }
    if (refundError !== null) throw refundNotMade(refundError, order.order.name);
    failUnlessThrough(refund);
  });
