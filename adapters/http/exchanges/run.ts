import Boom from '@hapi/boom';
import { Cause, Exit, type Effect } from 'effect';
import type { ExchangeBasketFailed, ExchangeRefused } from '../../../core/orders/exchanges/errors.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { toBoom } from '../errors.ts';

// An exchange's refusals in words (the rest as adapters/http/errors.ts says). The two basket
// failures keep the words the box office shows in its error modal
// (core/i18n/strings/admin/en.ts, exchange.basketFailed).

type ExchangeError = ExchangeRefused | ExchangeBasketFailed;
type OtherError = Parameters<typeof toBoom>[0];

const isExchangeError = (error: unknown): error is ExchangeError =>
  typeof error === 'object' &&
  error !== null &&
  ['ExchangeRefused', 'ExchangeBasketFailed'].includes((error as { _tag?: string })._tag ?? '');

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

/** Runs a use case; typed outcomes become their answer, anything else is a fault (500). */
export const runExchange = async <A, E extends ExchangeError | OtherError>(
  runtime: AppRuntime,
  program: Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw isExchangeError(failure.value) ? exchangeBoom(failure.value) : toBoom(failure.value as OtherError);
  throw Cause.squash(exit.cause);
};
