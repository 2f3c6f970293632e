import { z } from 'zod';

// Shared with web/: no server imports here. The PayPal and WorldPay hand-off calls
// (POST /api/paypal/createPayPalOrder, POST /api/worldpay).

/** POST /api/paypal/createPayPalOrder (no body; the basket the foyer_basket cookie names). */
export const PayPalOrderAnswer = z.object({
  /** The PayPal order id: the PayPal button's createOrder returns it; checkout sends it as PayPalOrderId. */
  id: z.string(),
});
export type PayPalOrderAnswer = z.infer<typeof PayPalOrderAnswer>;

/** POST /api/worldpay (body: the checkout request): where to send the buyer to pay. */
export const WorldPayAnswer = z.object({
  /** WorldPay's hosted payment page; it returns to /checkout/orderProcessing with the result. */
  url: z.string(),
});
export type WorldPayAnswer = z.infer<typeof WorldPayAnswer>;

/**
 * WorldPayData of the checkout request: the query parameters WorldPay put on the return URL,
 * copied as they are (orderKey, paymentStatus, paymentAmount, paymentCurrency, mac2; a cancel
 * has orderAmount and orderCurrency instead of the payment fields and no paymentStatus).
 */
export const WorldPayReturnFields = [
  'orderKey',
  'paymentStatus',
  'paymentAmount',
  'paymentCurrency',
  'orderAmount',
  'orderCurrency',
  'mac2',
] as const;
