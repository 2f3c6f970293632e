import type { RefObject } from 'react';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import type { StripeCard } from '../payments/stripe-card-form.tsx';
import {
  cardBrandOf,
  cardFieldOfStripeError,
  createPaymentMethodWithRetry,
  type StripeError,
} from '../payments/stripe-js.ts';
import { billingDetailsOf, holderNameOf } from './billing-details.ts';
import { scrollToField, type CheckoutDraft, type PayContext } from './pay-context.ts';

// A card through Stripe: Stripe.js turns the card Element into a payment method (its id is the
// checkout's Token); a 3-D Secure next action runs in Stripe's frame, then the same attempt is
// sent again with its PaymentIntentId.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `afterNextAction` is set while the resubmission after Stripe's next action runs: a second 422
 * is not authenticated again (the page's hook keeps it across renders).
 */
export const stripeCardFlow = (ctx: PayContext, afterNextAction: RefObject<boolean>) => {
  /** A refusal of Stripe's token call: a field error, a decline, or the error modal. */
  const refusedByStripe = (error: StripeError | undefined) => {
    const field = cardFieldOfStripeError(error);
    if (field || error?.type === 'validation_error') {
      ctx.setCardProblem({ code: field?.code ?? null, message: error?.message ?? null });
      scrollToField('CardNumber');
    } else if (error?.type === 'card_error')
      ctx.setProblem({ kind: 'declined', message: error.message ?? null });
    else if (error?.type === 'api_connection_error') ctx.setProblem({ kind: 'network' });
    else ctx.setProblem({ kind: 'paymentError', message: error?.message ?? null });
  };

  const pay = async (type: ConsumerPaymentType) => {
    const handle = ctx.stripeCard?.current;
    if (!handle) {
      ctx.setProblem({ kind: 'gateway' });
      return;
    }
    const made = await createPaymentMethodWithRetry(
      () =>
        handle.stripe.createPaymentMethod({
          type: 'card',
          card: handle.card,
          billing_details: billingDetailsOf(ctx.form, holderNameOf(ctx.form)),
        }),
      sleep,
    );
    if (!made.paymentMethod) return refusedByStripe(made.error);
    ctx.setCardProblem(null);
    const last4 = made.paymentMethod.card?.last4;
    await ctx.checkout({
      ...ctx.baseRequest(type),
      Token: made.paymentMethod.id,
      CardBrand: cardBrandOf(made.paymentMethod.card?.brand),
      CCLast4: last4 && /^\d{4}$/.test(last4) ? last4 : null,
      CardHolderName: holderNameOf(ctx.form),
    });
  };

  /**
   * Stripe's next action (3-D Secure in Stripe's frame), then the same attempt again with its
   * PaymentIntentId: the server reads from Stripe whether the bank said yes. Once only.
   */
  const authenticate = async (handle: StripeCard, clientSecret: string, request: CheckoutDraft | null) => {
    if (afterNextAction.current || !request) {
      ctx.attempt.current = null;
      ctx.setProblem({ kind: 'paymentError', message: null });
      return;
    }
    await handle.stripe.handleNextAction({ clientSecret }).catch(() => undefined);
    afterNextAction.current = true;
    try {
      await ctx.checkout(request);
    } finally {
      afterNextAction.current = false;
    }
  };

  return { pay, authenticate };
};
