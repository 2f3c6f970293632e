import { withoutPassword } from './account-offer.ts';
import { createPayPalOrder } from './checkout-api.ts';
import { findWithRetries } from './find-with-retries.ts';
import type { PayContext } from './pay-context.ts';

// PayPal: the buyer pays with PayPal's own button (the SDK's). Its onClick checks the form, its
// createOrder asks our server for the order (the basket total), its onApprove makes the
// checkout, which captures the order (POST /api/checkout with PayPalOrderId).

export const payPalFlow = (ctx: PayContext) => {
  /** Pay with PayPal chosen: the PayPal button is brought into view, where the buyer pays. */
  const showButton = () =>
    findWithRetries(
      () => document.querySelector<HTMLElement>('[data-testid="paypal-buttons"]'),
      (element) => {
        element.scrollIntoView({ behavior: 'smooth', block: 'center' });
        element.querySelector<HTMLElement>('button, iframe')?.focus({ preventScroll: true });
      },
    );

  /** The button's onClick: only a good form, and not while paying. */
  const click = () => !ctx.busy.current && ctx.paymentType !== null && ctx.checkedWithoutCard();

  /** The button's createOrder: the order for the basket total, made by our server. */
  const order = async (): Promise<string> => {
    const type = ctx.paymentType!;
    try {
      return (await createPayPalOrder(withoutPassword(ctx.baseRequest(type)))).id;
    } catch (error) {
      await ctx.failed(error);
      throw error;
    }
  };

  /** The button's onApprove: capture and order. */
  const approved = async (orderId: string) => {
    const type = ctx.paymentType;
    if (!type || ctx.busy.current) return;
    await ctx.whileBusy(async () => {
      try {
        await ctx.checkout({ ...ctx.baseRequest(type), PayPalOrderId: orderId });
      } catch (error) {
        await ctx.failed(error);
      }
    });
  };

  return { showButton, click, order, approved };
};
