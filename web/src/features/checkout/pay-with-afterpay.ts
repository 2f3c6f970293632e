import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { createAfterpayIntent } from './checkout-api.ts';
import { makeKey, type PayContext } from './pay-context.ts';
import { attemptFor } from './payment-attempt.ts';
import { savePendingCheckout } from './pending-checkout.ts';

// Afterpay/Clearpay: the intent for the basket total, then the buyer goes to Afterpay's page;
// /checkout/afterPay completes the checkout on the way back.

export const afterpayFlow = (ctx: PayContext) => {
  const handOff = async (type: ConsumerPaymentType) => {
    const request = ctx.baseRequest(type);
    const intent = await createAfterpayIntent(request);
    if (!intent.redirectUrl) {
      ctx.setProblem({ kind: 'paymentError', message: null });
      return;
    }
    savePendingCheckout({ request, idempotencyKey: attemptFor(ctx.attempt.current, makeKey).key });
    window.location.assign(intent.redirectUrl);
  };
  return { handOff };
};
