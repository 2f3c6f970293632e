import type { Plugin, Request } from '@hapi/hapi';
import type { WorldPayGateway } from '../../worldpay/gateway.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { CheckoutRequest } from '../contract/checkout.ts';
import { WorldPayAnswer } from '../contract/hosted-payments.ts';
import { defineRoute } from '../route.ts';
import { basketToPay, runGateway } from '../paypal/basket-to-pay.ts';

// POST /api/worldpay: the checkout request in, WorldPay's hosted payment
// page out. WorldPay returns the buyer to /checkout/orderProcessing (success, refusal, cancel,
// pending alike: the page reads orderKey, mac2, paymentStatus and posts the checkout with
// PaymentType WorldPay and WorldPayData), or on a WorldPay error to /checkout/worldPayError.
// POST /api/worldpay/setup (payment links) is not here: payment requests do not exist yet.

export interface WorldPayPluginOptions {
  readonly runtime: AppRuntime;
  readonly worldpay: WorldPayGateway;
  /** PUBLIC_URL; unset: the address the browser used to reach us. */
  readonly publicUrl: string | undefined;
}

const siteOf = (request: Request, publicUrl: string | undefined) =>
  (publicUrl ?? `${request.server.info.protocol}://${request.info.host}`).replace(/\/+$/, '');

export const worldpayPlugin: Plugin<WorldPayPluginOptions> = {
  name: 'foyer-worldpay',
  register: (server, { runtime, worldpay, publicUrl }) => {
    server.route(
      defineRoute({
        method: 'POST',
        path: '/api/worldpay',
        summary:
          "Create a WorldPay order for the basket total; answers { url }, WorldPay's hosted payment page, which returns to /checkout/orderProcessing",
        tags: ['payments'],
        payload: CheckoutRequest,
        response: WorldPayAnswer,
        handler: async ({ payload, request }) => {
          const pay = await basketToPay(runtime, basketIdOf(request));
          const site = siteOf(request, publicUrl);
          const { url } = await runGateway(
            worldpay.createOrder({
              ...pay,
              shopperEmail: payload.Email ?? null,
              resultUrl: `${site}/checkout/orderProcessing`,
              errorUrl: `${site}/checkout/worldPayError?redirectUrl=${encodeURIComponent('/checkout/payment')}`,
            }),
          );
          return { url };
        },
      }),
    );
  },
};
