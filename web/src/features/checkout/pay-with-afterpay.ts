import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { loadGatewayScript } from '../payments/gateway-script.ts';
import type { StripeConstructor } from '../payments/stripe-js.ts';
import { billingDetailsOf } from './billing-details.ts';
import { createAfterpayIntent } from './checkout-api.ts';
import { formText, makeKey, type PayContext } from './pay-context.ts';
import { attemptFor } from './payment-attempt.ts';
import { clearPendingCheckout, savePendingCheckout } from './pending-checkout.ts';

// Afterpay/Clearpay through Stripe: our server makes the intent for the basket total (its
// metadata has this attempt's key), then Stripe.js confirms it with the buyer's billing details
// and sends the buyer to Afterpay's page, as Stripe documents:
//   stripe.confirmAfterpayClearpayPayment(clientSecret, { payment_method: { billing_details },
//     return_url })
// Afterpay sends the buyer back to /checkout/afterPay, which checks the intent and completes the
// checkout with the same key and the intent (return-screens.tsx).

export const afterpayFlow = (ctx: PayContext) => {
  const handOff = async (type: ConsumerPaymentType) => {
    if (!type.ScriptUrl || !type.PublishableKey) {
      ctx.setProblem({ kind: 'gateway' });
      return;
    }
    const key = attemptFor(ctx.attempt.current, makeKey).key;
    const request = ctx.baseRequest(type);
    const intent = await createAfterpayIntent({ ...request, IdempotencyKey: key });
    const Stripe = await loadGatewayScript<StripeConstructor>(type.ScriptUrl, 'Stripe').catch(() => null);
    if (!Stripe) {
      ctx.setProblem({ kind: 'gateway' });
      return;
    }
    // Kept before leaving: the return completes this attempt (same key) with this intent.
    savePendingCheckout({ request, idempotencyKey: key, clientSecret: intent.clientSecret });
    const name = [formText(ctx.form, 'FirstName'), formText(ctx.form, 'LastName')].filter(Boolean).join(' ');
    const back = new URL('/checkout/afterPay', window.location.origin);
    back.searchParams.set('paymentIntent', intent.paymentIntentId);
    const { error } = await Stripe(type.PublishableKey).confirmAfterpayClearpayPayment(intent.clientSecret, {
      payment_method: { billing_details: billingDetailsOf(ctx.form, name) },
      return_url: back.toString(),
    });
    // Only a refusal comes back here: Stripe.js is otherwise taking the buyer to Afterpay.
    clearPendingCheckout();
    ctx.setProblem(
      error?.type === 'api_connection_error'
        ? { kind: 'network' }
        : { kind: 'paymentError', message: error?.message ?? null },
    );
  };
  return { handOff };
};
