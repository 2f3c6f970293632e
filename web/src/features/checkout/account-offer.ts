import type { CheckoutRequest, ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';

// When the payment form offers to make an account of the buyer's details (register at
// checkout): only to someone the page knows is not signed in, and only for payment types that
// are completed by our own checkout call (cards, PayPal's capture). WorldPay and Afterpay send
// the buyer to another site first: the account could not be made before the charge, and the
// password would have to wait in the tab for the return. Pure.

const LEAVES_SITE: ReadonlySet<string> = new Set(['WorldPay', 'Afterpay']);

export const offersAccount = (signedOut: boolean, type: ConsumerPaymentType | null): boolean =>
  signedOut && !LEAVES_SITE.has(type?.PaymentType ?? '');

/** The request without the password, for calls that only prepare a payment (PayPal's order). */
export const withoutPassword = <R extends Partial<CheckoutRequest>>(
  request: R,
): Omit<R, 'Password' | 'ConfirmPassword'> => {
  const { Password: _password, ConfirmPassword: _confirm, ...rest } = request;
  return rest;
};
