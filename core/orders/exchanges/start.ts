import { Effect } from 'effect';
import { AdminBaskets } from '../../basket/staff/ports.ts';
import { BasketExpiry, Baskets } from '../../basket/ports.ts';
import { NotFound } from '../../shared/errors.ts';
import { ExchangeBasketFailed, ExchangeRefused } from './errors.ts';
import { Exchanges, type ExchangeStaff } from './ports.ts';
import { chooseTickets } from './rules.ts';

// A clerk starts an order's exchange: the tickets given up are named (all Active ones by
// default) and a new staff basket is opened for what the customer takes instead, with the
// order's customer on it. Nothing changes on the order yet: the old seats stay the customer's
// until the exchange completes (complete.ts).

export interface StartExchange {
  readonly orderId: number;
  readonly ticketIds: readonly number[] | null;
  readonly staff: ExchangeStaff;
  /** How long the new basket holds its seats. */
  readonly holdSeconds: number;
}

export interface ExchangeStarted {
  readonly exchangeId: string;
  readonly basketId: string;
  /** The series of the first ticket given up: the sell screen the clerk is sent to. */
  readonly seriesCode: string;
}

export const startExchange = (cmd: StartExchange) =>
  Effect.gen(function* () {
    const exchanges = yield* Exchanges;
    const order = yield* exchanges.order(cmd.orderId);
    if (!order) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(cmd.orderId) }));
    const choice = chooseTickets(order.tickets, cmd.ticketIds);
    if (!choice.ok)
      return yield* Effect.fail(new ExchangeRefused({ reason: choice.reason, ticketIds: choice.ticketIds }));
    const given = new Set(choice.tickets.map((t) => t.id));
    const first = order.tickets.find((t) => given.has(t.id))!;
    const opened = yield* (yield* Baskets)
      .open({
        basketId: null,
        salesChannelId: yield* exchanges.staffChannelId(),
        holdSeconds: cmd.holdSeconds,
        staffLane: true,
      })
      .pipe(Effect.catchDefect(() => Effect.fail(new ExchangeBasketFailed({ orderId: cmd.orderId }))));
    yield* Effect.ignoreCause((yield* BasketExpiry).schedule(opened.basket.id, opened.basket.expiresAt));
    if (order.customerId !== null)
      yield* (yield* AdminBaskets)
        .setCustomer(opened.basket.id, order.customerId)
        .pipe(Effect.catch(() => Effect.fail(new ExchangeBasketFailed({ orderId: cmd.orderId }))));
    const exchange = yield* exchanges.create({
      orderId: order.orderId,
      basketId: opened.basket.id,
      ticketIds: [...given],
      staff: cmd.staff,
    });
    return {
      exchangeId: exchange.id,
      basketId: opened.basket.id,
      seriesCode: first.seriesCode,
    } satisfies ExchangeStarted;
  });
