import Boom from '@hapi/boom';
import type { TerminalFailed } from '../../../core/payments/card-terminal.ts';
import type { CounterForbidden, CounterInvalid } from '../../../core/orders/counter/errors.ts';
import { refusalWords, runnerWith } from '../route.ts';
import { giftWords, type GiftError } from '../gift-certificates/run.ts';

// Runs a counter use case: its own refusals worded here, the rest as every route (errors.ts).

type CounterError = CounterInvalid | CounterForbidden | TerminalFailed;

export const counterBoom = (error: CounterError): Boom.Boom => {
  switch (error._tag) {
    case 'CounterInvalid':
      return Boom.badRequest(error.message, { body: { Fields: [...error.fields] } });
    case 'CounterForbidden':
      return Boom.forbidden(error.message);
    case 'TerminalFailed':
      // The terminal's own words for the clerk; a processor that does not answer is a 502.
      return error.code === 'Unavailable' || error.code === 'Unknown'
        ? Boom.badGateway(error.message, { message: error.message })
        : Boom.conflict(error.message, { body: { Code: error.code } });
  }
};

/** Runs a counter use case (route.ts runnerWith): the counter's refusals, a gift certificate's, the rest. */
export const runCounter = runnerWith<CounterError | GiftError>(
  refusalWords<CounterError>(['CounterInvalid', 'CounterForbidden', 'TerminalFailed'], counterBoom),
  giftWords,
);
