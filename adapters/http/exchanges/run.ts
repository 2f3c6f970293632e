import Boom from '@hapi/boom';
import type { ExchangeBasketFailed, ExchangeRefused } from '../../../core/orders/exchanges/errors.ts';
import { refusalWords, runnerWith } from '../route.ts';

// An exchange's refusals in words (the rest as adapters/http/errors.ts says). The two basket
// failures keep the words the box office shows in its error modal
// (core/i18n/strings/admin/en.ts, exchange.basketFailed).

type ExchangeError = ExchangeRefused | ExchangeBasketFailed;

const refusalMessage = (error: ExchangeRefused): string => {
  const ids = error.ticketIds.join(', ');
  switch (error.reason) {
    case 'NoActiveTickets':
      return 'This order has no active tickets to exchange.';
    case 'NotActive':
      return `Ticket ${ids} is no longer active and cannot be exchanged.`;
    case 'NotInOrder':
      return `Ticket ${ids} is not part of this order.`;
    case 'TicketsChanged':
      return `Ticket ${ids} was cancelled or exchanged meanwhile: start the exchange again.`;
    case 'NotOpen':
      return 'This exchange has already been completed or abandoned.';
    case 'BasketExpired':
      return 'The exchange basket has expired: its seats are no longer held. Start the exchange again.';
    case 'BasketEmpty':
      return 'The exchange basket is empty: choose the new seats first.';
    case 'SeatsTaken':
      return 'Some seats in the exchange basket are no longer held. Start the exchange again.';
    case 'NotExchangeBasket':
      return 'Error creating exchange basket';
  }
};

export const exchangeBoom = (error: ExchangeError): Boom.Boom => {
  if (error._tag === 'ExchangeBasketFailed')
    return Boom.conflict('Error creating new basket for exchange', { body: { Code: 'BasketFailed' } });
  switch (error.reason) {
    case 'NotInOrder':
    case 'NotActive':
    case 'NoActiveTickets':
    case 'BasketEmpty':
      return Boom.badRequest(refusalMessage(error), {
        body: { Code: error.reason, TicketIds: error.ticketIds },
      });
    case 'NotExchangeBasket':
      return Boom.notFound(refusalMessage(error), { body: { Code: error.reason } });
    default:
      return Boom.conflict(refusalMessage(error), {
        body: { Code: error.reason, TicketIds: error.ticketIds },
      });
  }
};

/** Runs an exchange use case (route.ts runnerWith). */
export const runExchange = runnerWith(
  refusalWords<ExchangeError>(['ExchangeRefused', 'ExchangeBasketFailed'], exchangeBoom),
);
