import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { createWorldPayUrl } from './checkout-api.ts';
import { makeKey, type PayContext } from './pay-context.ts';
import { attemptFor } from './payment-attempt.ts';
import { savePendingCheckout } from './pending-checkout.ts';

// WorldPay's hosted page: our server answers its url for this attempt; the tab keeps the request
// and key, and /checkout/orderProcessing completes the same attempt on the way back.

export const worldPayFlow = (ctx: PayContext) => {
  const handOff = async (type: ConsumerPaymentType) => {
    const current = attemptFor(ctx.attempt.current, makeKey);
    ctx.attempt.current = current;
    const request = ctx.baseRequest(type);
    const { url } = await createWorldPayUrl({ ...request, IdempotencyKey: current.key });
    savePendingCheckout({ request, idempotencyKey: current.key });
    await ctx.navigate({ to: '/checkout/worldPay', search: { worldPayUrl: url } });
  };
  return { handOff };
};
