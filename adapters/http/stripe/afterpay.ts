import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import { Effect, Exit } from 'effect';
import { timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { answerBasket, liveBasket } from '../../../core/basket/basket-answer.ts';
import { basketCurrency } from '../../../core/basket/rules/one-currency.ts';
import { totalsOfBasket } from '../../../core/basket/totals.ts';
import { makeStripeCall, type StripeCall } from '../../stripe/call.ts';
import { createAfterpayIntent, readAfterpayIntent } from '../../stripe/afterpay.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import {
  AfterpayIntent,
  AfterpayIntentQuery,
  AfterpayIntentRequest,
  AfterpayIntentState,
} from '../contract/wallets.ts';
import { defineRoute, runUseCase } from '../route.ts';

// Afterpay/Clearpay: create the intent for the live basket's total, and
// read it back on the /checkout/afterPay return. The order is placed by POST /api/checkout with
// PaymentType Afterpay and PaymentIntentId (the Stripe gateway captures it there).

export interface AfterpayOptions {
  readonly runtime: AppRuntime;
  readonly stripe: Stripe | null;
  readonly call?: StripeCall;
}

const notAvailable = () =>
  Boom.badRequest('Afterpay is not available. Please use a different payment method.');
const unavailable = () => Boom.badGateway('Afterpay could not be reached.');

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const pick = (payload: Record<string, unknown>, prefix: 'ShipTo' | 'BillTo', field: string) => {
  const value = payload[`${prefix}${field}`];
  return typeof value === 'string' && value !== '' ? value : null;
};

export const afterpayRoutes = ({
  runtime,
  stripe,
  call = makeStripeCall(),
}: AfterpayOptions): ServerRoute[] => [
  defineRoute({
    method: 'POST',
    path: '/api/afterpay/createPaymentIntent',
    summary: 'Create the Afterpay/Clearpay payment for the live basket total',
    tags: ['payments'],
    payload: AfterpayIntentRequest,
    response: AfterpayIntent,
    handler: async ({ payload, request }) => {
      if (!stripe) throw notAvailable();
      const basketId = basketIdOf(request);
      const answered = await runUseCase(runtime, Effect.flatMap(liveBasket(basketId), answerBasket));
      const { basket, contexts } = answered;
      const { Total: total } = totalsOfBasket(basket, contexts, answered.deliveryMethod);
      if (total <= 0) throw Boom.badRequest('Your basket is empty.');
      const body = payload as Record<string, unknown>;
      // Afterpay needs a shipping address: the billing address when none is given.
      const prefix = pick(body, 'ShipTo', 'Address1') ? 'ShipTo' : 'BillTo';
      const line1 = pick(body, prefix, 'Address1');
      if (!line1) throw Boom.badRequest('ShipToAddress1: an address is required for Afterpay');
      const exit = await Effect.runPromiseExit(
        createAfterpayIntent(stripe, call, {
          amount: total,
          currency: basketCurrency(basket, contexts, answered.house).isoCurrencyCode,
          description: `Foyer basket ${basket.id}`,
          basketId: basket.id,
          idempotencyKey: payload.IdempotencyKey ?? null,
          shipping: {
            name: `${payload.FirstName} ${payload.LastName}`,
            phone: payload.Phone ?? null,
            address: {
              line1,
              line2: pick(body, prefix, 'Address2'),
              city: pick(body, prefix, 'City'),
              state: pick(body, prefix, 'State'),
              postal_code: pick(body, prefix, 'PostalCode'),
              country: pick(body, prefix, 'CountryCode'),
            },
          },
        }),
      );
      if (Exit.isFailure(exit)) throw unavailable();
      return exit.value;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/afterpay/getPaymentIntent',
    summary: 'The Afterpay payment as Stripe knows it (the client secret must match)',
    tags: ['payments'],
    query: AfterpayIntentQuery,
    response: AfterpayIntentState,
    handler: async ({ query }) => {
      if (!stripe) throw notAvailable();
      // venueId is accepted as the storefront sends it; one Stripe account serves every venue here.
      const exit = await Effect.runPromiseExit(readAfterpayIntent(stripe, call, query.paymentIntentId));
      if (Exit.isFailure(exit)) throw unavailable();
      const state = exit.value;
      if (!state || !sameSecret(state.clientSecret, query.clientSecret))
        throw Boom.notFound('Payment not found.');
      return {
        PaymentIntentId: state.paymentIntentId,
        Status: state.status,
        LatestChargeStatus: state.latestChargeStatus,
        LatestChargeSucceeded: state.latestChargeSucceeded,
        Amount: state.amount,
        IsoCurrencyCode: state.currency,
      };
    },
  }),
];
