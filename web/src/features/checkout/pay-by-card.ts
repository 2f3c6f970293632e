import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { validateCard } from '../../../../core/payments/card-validation.ts';
import { holderNameOf } from './billing-details.ts';
import { createOfflineToken } from './checkout-api.ts';
import type { FieldName } from './checkout-form.ts';
import { isStripeCard, scrollToField, type PayContext } from './pay-context.ts';
import type { stripeCardFlow } from './pay-by-stripe-card.ts';

// A card typed into our own fields: checked by the core card rules, turned into a token by the
// offline processor's tokenise call (its stand-in for Stripe.js), then the checkout with the
// token, brand, BIN and last 4. A Stripe card goes to Stripe.js instead (pay-by-stripe-card.ts).

/** The tokenise call's field names (number, expMonth, expYear, cvc) as card fields. */
const cardFieldOf = (name: string): FieldName | null =>
  name === 'number'
    ? 'CardNumber'
    : name.startsWith('exp')
      ? 'CardExpiry'
      : name === 'cvc'
        ? 'CardCvc'
        : null;

export const cardFlow = (ctx: PayContext, stripe: ReturnType<typeof stripeCardFlow>) => {
  const pay = async (type: ConsumerPaymentType) => {
    if (isStripeCard(type)) return stripe.pay(type);
    const { form } = ctx;
    const card = validateCard(
      {
        number: form.text('CardNumber'),
        expiry: form.text('CardExpiry'),
        cvc: form.text('CardCvc'),
        holderName: form.text('CardHolderName').trim(),
      },
      new Date(),
    );
    if (!card.ok) return;
    // Another card processor (not Stripe, not offline) has no browser side here.
    if (type.Processor !== 'Offline') {
      ctx.setProblem({ kind: 'paymentError', message: null });
      return;
    }
    const tokenised = await createOfflineToken({
      number: card.card.number,
      expMonth: card.card.expMonth,
      expYear: card.card.expYear,
      cvc: card.card.cvc,
      name: card.card.holderName,
    });
    if (!tokenised.ok) {
      if (tokenised.status === 0) return ctx.setProblem({ kind: 'network' });
      if (tokenised.status === 402) return ctx.setProblem({ kind: 'declined', message: tokenised.message });
      const fields = tokenised.fields.map(cardFieldOf).filter((f): f is FieldName => f !== null);
      if (tokenised.status !== 400 || fields.length === 0)
        return ctx.setProblem({ kind: 'paymentError', message: tokenised.message });
      form.refuse(fields, null);
      ctx.setBanner(tokenised.message);
      scrollToField(fields[0]!);
      return;
    }
    const token = tokenised.token;
    await ctx.checkout({
      ...ctx.baseRequest(type),
      Token: token.Token,
      CardBrand: token.CardBrand,
      CCBin: token.CCBin,
      CCLast4: token.CCLast4,
      CardHolderName: holderNameOf(form),
    });
  };
  return { pay };
};
