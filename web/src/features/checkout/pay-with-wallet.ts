import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { runApplePay } from '../payments/apple-pay.ts';
import type { PayContext } from './pay-context.ts';

// The wallet button (Apple Pay): the form is checked first (names, e-mail, address), then the
// Apple Pay sheet (merchant validation through our server). The payment token Apple gives goes
// to the checkout whole, as JSON in Token (paymentData, paymentMethod, transactionIdentifier):
// the card processor decrypts it (Stripe from pk_token; the offline processor in test mode).
// The sheet shows success only when the order is made.

const textOrUs = (value: string | boolean | undefined) => (typeof value === 'string' && value ? value : 'US');

export const walletFlow = (ctx: PayContext) => {
  const pay = async (type: ConsumerPaymentType, total: { amount: number; currency: string }) => {
    if (ctx.busy.current || !ctx.checkedWithoutCard()) return;
    await ctx.whileBusy(() =>
      runApplePay({
        total: total.amount,
        currencyCode: total.currency,
        countryCode: textOrUs(ctx.form.values.BillToCountryCode),
        label: document.title.split(' · ').pop() || 'Foyer',
        onValidationFailed: () => ctx.setProblem({ kind: 'applePayValidation' }),
        authorize: async (token) => {
          const outcome = await ctx.checkout({
            ...ctx.baseRequest(type),
            Token: JSON.stringify({
              paymentData: token.paymentData,
              paymentMethod: token.paymentMethod ?? {},
              transactionIdentifier: token.transactionIdentifier,
            }),
          });
          return outcome.kind === 'ordered';
        },
      }),
    );
  };
  return { pay };
};
