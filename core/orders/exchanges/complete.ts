import { Effect } from 'effect';
import { announce } from '../../basket/basket-answer.ts';
import { isLive } from '../../basket/basket.ts';
import { NotFound } from '../../shared/errors.ts';
import { ExchangeRefused } from './errors.ts';
import { exchangeEmail } from './email.ts';
import { Exchanges, type ExchangeCompleted, type ExchangeStaff } from './ports.ts';
import { withTicketsOnly } from '../staff-orders/mail-tickets.ts';
import type { OrderDocument } from '../order-document.ts';
import { ticketsAttached } from '../order-mail/order-email.ts';
import { MailSender, OrderDocuments, TicketPdfs } from '../ports.ts';
import { creditOf, exchangeDifference, newItemsTotal } from './rules.ts';

// The clerk completes an exchange: the swap. The store does it in ONE
// transaction (the customer never ends with both sets of seats, or neither); the plan below is
// judged inside it on the basket as it is then. The difference is then settled on the order's
// balance like any balance: paid at the counter (pay-balance.ts) or refunded per payment.

/** The order's document, or null when it cannot be read (the e-mail is then not sent). */
const loadDocument = (orderId: number) =>
  OrderDocuments.use((documents) => documents.load(orderId)).pipe(
    Effect.catchCause(() => Effect.succeed(null)),
  );

/**
 * The customer's e-mail for the exchange: old tickets, new ones (PDF as the order e-mail), the
 * difference. Sent after the swap committed; a mail failure never undoes the exchange.
 */
const mailCustomer = (before: OrderDocument | null, done: ExchangeCompleted) =>
  Effect.gen(function* () {
    if (!before || before.buyer.email === '') return;
    const after = yield* loadDocument(done.exchange.orderId);
    if (!after) return;
    const received = withTicketsOnly(after, done.newTicketIds);
    const pdf = ticketsAttached(received) ? yield* TicketPdfs.use((pdfs) => pdfs.render(received)) : null;
    const message = exchangeEmail(
      {
        given: withTicketsOnly(before, done.exchange.ticketIds),
        received,
        difference: done.difference,
        balanceDue: done.balanceDue,
      },
      pdf,
    );
    yield* MailSender.use((mail) => mail.send(message));
  }).pipe(Effect.catchCause(() => Effect.void));

export interface CompleteExchange {
  readonly exchangeId: string;
  readonly staff: ExchangeStaff;
}

export const completeExchange = (cmd: CompleteExchange) =>
  Effect.gen(function* () {
    const exchanges = yield* Exchanges;
    const exchange = yield* exchanges.byId(cmd.exchangeId);
    if (!exchange) return yield* Effect.fail(new NotFound({ entity: 'Exchange', id: cmd.exchangeId }));
    // The tickets given up as the customer knew them: read before the swap changes them.
    const before = yield* loadDocument(exchange.orderId);
    const done = yield* exchanges.complete(cmd.exchangeId, cmd.staff, (basket, given) => {
      if (!isLive(basket)) return new ExchangeRefused({ reason: 'BasketExpired', ticketIds: [] });
      if (basket.tickets.length + basket.products.length === 0)
        return new ExchangeRefused({ reason: 'BasketEmpty', ticketIds: [] });
      return { difference: exchangeDifference(newItemsTotal(basket), creditOf(given)) };
    });
    yield* announce(done.changes);
    yield* mailCustomer(before, done);
    return {
      exchangeId: done.exchange.id,
      orderId: done.exchange.orderId,
      exchangedTicketIds: done.exchange.ticketIds,
      newTicketIds: done.newTicketIds,
      difference: done.difference,
      balanceDue: done.balanceDue,
    };
  });
