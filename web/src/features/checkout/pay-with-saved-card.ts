import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import type { PayContext } from './pay-context.ts';

// The signed-in customer's saved card: no card form, the checkout names the card kept at Stripe
// (SavedCard: its CCStripeID) and the server charges it. A bank's confirmation step comes back
// as 422 with its ActionUrl and runs in the authentication step, as for any card.

export const savedCardFlow = (ctx: PayContext) => {
  const pay = async (type: ConsumerPaymentType, savedCardId: string) => {
    await ctx.checkout({ ...ctx.baseRequest(type), SavedCard: savedCardId, SaveCreditCard: false });
  };
  return { pay };
};
