// The Afterpay return (spec 000 section 4, 001 section 4): the intent's latest charge must have
// succeeded, else it is an error; an intent waiting for capture (requires_capture) is processed.

export interface IntentState {
  readonly status: string;
  readonly latest_charge?: string | { readonly status: string } | null;
  readonly latestChargeStatus?: string | null;
}

export const latestChargeStatus = (intent: IntentState): string | null =>
  intent.latestChargeStatus ??
  (intent.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge.status : null);

/** 'checkout': POST the checkout now; 'failed': back to payment with a message. */
export const afterpayNextStep = (intent: IntentState): 'checkout' | 'failed' => {
  const charge = latestChargeStatus(intent);
  if (charge !== null && charge !== 'succeeded') return 'failed';
  // A captured intent must show its charge; an authorised one (requires_capture) is captured
  // by the checkout.
  if (intent.status === 'requires_capture') return 'checkout';
  return intent.status === 'succeeded' && charge === 'succeeded' ? 'checkout' : 'failed';
};
