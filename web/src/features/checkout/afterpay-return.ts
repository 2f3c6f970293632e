import type { AfterpayIntentState } from '../../../../adapters/http/contract/wallets.ts';

// The Afterpay return: the intent's latest charge must have
// succeeded, else it is an error; an intent waiting for capture (requires_capture: Afterpay
// authorised it) is processed, and the checkout captures it. The return's redirect_status is
// only a hint: the intent as our server reads it from Stripe decides.

/** 'checkout': POST the checkout now; 'failed': back to payment with the error. */
export const afterpayNextStep = (
  intent: Pick<AfterpayIntentState, 'Status' | 'LatestChargeStatus'>,
): 'checkout' | 'failed' => {
  if (intent.LatestChargeStatus !== 'succeeded') return 'failed';
  // succeeded: captured already (a checkout of this attempt got that far); it finishes the order.
  return intent.Status === 'requires_capture' || intent.Status === 'succeeded' ? 'checkout' : 'failed';
};

/**
 * Whether the address carries an Afterpay return at all (payment_intent, or the older
 * paymentIntent). Without it /checkout/afterPay has no payment to complete.
 */
export const carriesAfterpayReturn = (query: Readonly<Record<string, string>>): boolean =>
  Boolean(query.payment_intent?.trim() || query.paymentIntent?.trim());

/**
 * What Stripe (payment_intent, payment_intent_client_secret) or an older return link
 * (paymentIntent) put on the return URL.
 */
export const afterpayReturnOf = (
  query: Readonly<Record<string, string>>,
  savedClientSecret: string | null,
): { paymentIntentId: string; clientSecret: string } | null => {
  const paymentIntentId = query.payment_intent || query.paymentIntent;
  const clientSecret = query.payment_intent_client_secret || savedClientSecret;
  if (!paymentIntentId || !clientSecret) return null;
  // A client secret belongs to its intent: pi_x_secret_y.
  if (!clientSecret.startsWith(`${paymentIntentId}_secret_`)) return null;
  return { paymentIntentId, clientSecret };
};
