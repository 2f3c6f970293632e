import { Effect } from 'effect';
import { isLive } from '../../basket/basket.ts';
import { Baskets } from '../../basket/ports.ts';
import { ticketLineTotal } from '../../basket/totals.ts';
import { NotFound } from '../../shared/errors.ts';
import { ExchangeRefused } from './errors.ts';
import { Exchanges } from './ports.ts';
import {
  creditOf,
  exchangeDifference,
  newItemsTotal,
  remainingBalance,
  stillRefundable,
  suggestRefund,
} from './rules.ts';

// The exchange of the caller's basket as the clerk's exchange screens show
// it: the tickets given up and their credit, the new items' total, what is left to settle
// (remainingBalance, negative: money back), and the order's payments with what each can still
// give back (refunds are chosen per payment id; `suggested` is the default split).

export const exchangeViewModel = (basketId: string | null) =>
  Effect.gen(function* () {
    const exchanges = yield* Exchanges;
    const exchange = basketId === null ? null : yield* exchanges.byBasket(basketId);
    if (!exchange)
      return yield* Effect.fail(new ExchangeRefused({ reason: 'NotExchangeBasket', ticketIds: [] }));
    const order = yield* exchanges.order(exchange.orderId);
    if (!order) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(exchange.orderId) }));
    const basket = yield* (yield* Baskets).find(exchange.basketId);
    const given = new Set(exchange.ticketIds);
    const oldTickets = order.tickets.filter((t) => given.has(t.id));
    const credit = creditOf(oldTickets);
    const newTotal = basket ? newItemsTotal(basket) : 0;
    const difference = exchangeDifference(newTotal, credit);
    // Once completed, the order's balance already counts the difference.
    const remaining =
      exchange.status === 'completed' ? order.balanceDue : remainingBalance(difference, order.balanceDue);
    const payments = yield* exchanges.payments(exchange.orderId);
    const nights = new Map(
      (yield* exchanges.events((basket?.tickets ?? []).map((t) => t.eventId))).map((e) => [e.id, e]),
    );
    return {
      exchangeGlobalId: exchange.id,
      status: exchange.status,
      basketLive: basket !== null && isLive(basket),
      orderId: order.orderId,
      orderName: order.name,
      currency: order.currency,
      currencyLocale: order.currencyLocale,
      oldTickets: oldTickets.map((t) => ({
        id: t.id,
        eventId: t.eventId,
        eventName: t.eventName,
        localDate: t.localDate,
        key: t.key,
        sectionName: t.sectionName,
        row: t.row,
        seatNumber: t.seatNumber,
        priceTypeName: t.priceTypeName,
        price: t.price,
        feeTotal: t.feeTotal,
        status: t.status,
      })),
      newItems: (basket?.tickets ?? []).map((t) => ({
        eventId: t.eventId,
        eventName: nights.get(t.eventId)?.name ?? '',
        localDate: nights.get(t.eventId)?.localDate ?? '',
        key: t.key,
        sectionName: t.sectionName,
        row: t.row,
        seatNumber: t.seatNumber,
        priceTypeName: t.priceTypeName,
        quantity: t.quantity,
        lineTotal: ticketLineTotal(t),
      })),
      credit,
      newTotal,
      difference,
      // Once completed the order's balance has moved on (paid, refunded): no "before" to show.
      balanceDueBefore: exchange.status === 'completed' ? null : order.balanceDue,
      remainingBalance: remaining,
      payments: payments.map((p) => ({
        id: p.id,
        amount: stillRefundable(p),
        paymentType: p.paymentType,
        label: p.label,
      })),
      suggestedRefunds: remaining < 0 ? suggestRefund(-remaining, payments) : [],
    };
  });
