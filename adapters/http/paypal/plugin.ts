import type { Plugin } from '@hapi/hapi';
import type { PayPalGateway } from '../../paypal/gateway.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { PayPalOrderAnswer } from '../contract/hosted-payments.ts';
import { defineRoute } from '../route.ts';
import { basketToPay, runGateway } from './basket-to-pay.ts';

// POST /api/paypal/createPayPalOrder. Registered only when PayPal is
// configured; the checkout (POST /api/checkout, PaymentType PayPal + PayPalOrderId) captures.

export interface PayPalPluginOptions {
  readonly runtime: AppRuntime;
  readonly paypal: PayPalGateway;
}

export const paypalPlugin: Plugin<PayPalPluginOptions> = {
  name: 'foyer-paypal',
  register: (server, { runtime, paypal }) => {
    server.route(
      defineRoute({
        method: 'POST',
        path: '/api/paypal/createPayPalOrder',
        summary:
          'Create a PayPal order for the basket total (the PayPal button approves it); answers { id }. Checkout must send this id as PayPalOrderId, else PayPalOrderIdMismatch',
        tags: ['payments'],
        response: PayPalOrderAnswer,
        handler: async ({ request }) => {
          const pay = await basketToPay(runtime, basketIdOf(request));
          return runGateway(paypal.createOrder(pay));
        },
      }),
    );
  },
};
