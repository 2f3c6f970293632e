import Boom from '@hapi/boom';
import { Exit, Cause, Effect } from 'effect';
import { basketCurrency } from '../../../core/basket/rules/one-currency.ts';
import { validateBasket } from '../../../core/basket/read-basket.ts';
import { totalsOfBasket } from '../../../core/basket/totals.ts';
import type { GatewayUnavailable } from '../../../core/payments/ports.ts';
import { runUseCase } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';

// What a hand-off to PayPal or WorldPay pays for: the caller's live basket, checked as the
// payment page checks it (GET validate: not empty, within limits), its total in the venue's
// currency (the Basket's IsoCurrencyCode: core/basket/rules/one-currency.ts).

export interface BasketToPay {
  readonly basketId: string;
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
}

export const basketToPay = async (runtime: AppRuntime, basketId: string | null): Promise<BasketToPay> => {
  const { basket, contexts, deliveryMethod, house } = await runUseCase(runtime, validateBasket({ basketId }));
  const { Total: total } = totalsOfBasket(basket, contexts, deliveryMethod);
  if (total <= 0) throw Boom.badRequest('There is nothing to pay for in your basket.');
  const tickets = basket.tickets.reduce((n, t) => n + t.quantity, 0);
  return {
    basketId: basket.id,
    amount: total,
    currency: basketCurrency(basket, contexts, house).isoCurrencyCode,
    description: tickets === 1 ? '1 ticket' : tickets > 1 ? `${tickets} tickets` : 'Your order',
  };
};

/** Runs a gateway call: unreachable or nonsense from the gateway is 502 (the web's payment error). */
export const runGateway = async <A>(effect: Effect.Effect<A, GatewayUnavailable>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') throw Boom.badGateway(`${failure.value.gateway}: ${failure.value.detail}`);
  throw Cause.squash(exit.cause);
};
