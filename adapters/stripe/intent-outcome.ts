import type Stripe from 'stripe';
import type { CardFacts, ChargeOutcome, PaymentState } from '../../core/payments/ports.ts';

// Reading a PaymentIntent (fetched with latest_charge and payment_method expanded) as the
// payment port's outcomes. Plain functions over Stripe's objects.

type Declined = Extract<ChargeOutcome, { status: 'declined' }>;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'AmericanExpress',
  american_express: 'AmericanExpress',
  discover: 'Discover',
};

export const brandName = (stripeBrand: string | null | undefined): string =>
  BRANDS[(stripeBrand ?? '').toLowerCase()] ?? 'Other';

const chargeOf = (pi: Stripe.PaymentIntent): Stripe.Charge | null =>
  pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;

/**
 * Brand and last 4 from the charge (else the payment method). Stripe does not give the card's
 * first six digits in standard answers: `bin` is its `iin` when present, else ''.
 */
export const cardFactsOf = (pi: Stripe.PaymentIntent): CardFacts | null => {
  const fromCharge = chargeOf(pi)?.payment_method_details?.card;
  const method = pi.payment_method && typeof pi.payment_method === 'object' ? pi.payment_method.card : null;
  const card = fromCharge ?? method;
  if (!card) return null;
  return { brand: brandName(card.brand), last4: card.last4 ?? '', bin: card.iin ?? '' };
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The card an intent made with setup_future_usage kept for its customer (SaveCreditCard): Stripe
 * attaches the payment method to the customer once the intent succeeds, on the first request or
 * on the resubmission after 3-D Secure alike.
 */
export const savedCardOf = (
  pi: Stripe.PaymentIntent,
): { readonly customerRef: string; readonly savedCardId: string } | null => {
  const customerRef = idOf(pi.customer);
  const savedCardId = idOf(pi.payment_method);
  return pi.setup_future_usage && customerRef && savedCardId ? { customerRef, savedCardId } : null;
};

/** The latest charge went through (captured, or authorised for a manual capture). */
export const latestChargeSucceeded = (pi: Stripe.PaymentIntent): boolean =>
  chargeOf(pi)?.status === 'succeeded';

export const declineCode = (
  code: string | null | undefined,
  declineCode: string | null | undefined,
): Declined['code'] => {
  if (code === 'payment_intent_authentication_failure') return 'authentication_failed';
  for (const c of [declineCode, code])
    if (
      c === 'insufficient_funds' ||
      c === 'expired_card' ||
      c === 'incorrect_cvc' ||
      c === 'processing_error'
    )
      return c;
  return 'card_declined';
};

export const declined = (
  paymentRef: string | null,
  error: { code?: string | null; decline_code?: string | null; message?: string | null } | null,
  fallback = 'Your card was declined.',
): Declined => ({
  status: 'declined',
  paymentRef,
  code: error ? declineCode(error.code, error.decline_code) : 'processing_error',
  message: error?.message || fallback,
});

/**
 * A charge's answer from the intent's status. requires_confirmation, requires_capture and
 * processing are for the caller to move on (confirm, capture, wait); here they are null.
 */
export const chargeOutcomeOf = (pi: Stripe.PaymentIntent): ChargeOutcome | null => {
  switch (pi.status) {
    case 'succeeded':
      // Afterpay return: the latest charge must have succeeded too.
      return latestChargeSucceeded(pi)
        ? {
            status: 'succeeded',
            paymentRef: pi.id,
            amount: pi.amount_received || pi.amount,
            card: cardFactsOf(pi),
            savedCard: savedCardOf(pi),
          }
        : declined(pi.id, null, 'The payment did not go through.');
    case 'requires_action': {
      const redirect = pi.next_action?.redirect_to_url?.url ?? null;
      return {
        status: 'requires_action',
        paymentRef: pi.id,
        clientSecret: pi.client_secret ?? '',
        actionUrl: redirect,
      };
    }
    case 'requires_payment_method':
      return declined(pi.id, pi.last_payment_error ?? null, 'The payment was not completed.');
    case 'canceled':
      return declined(pi.id, null, 'The payment was canceled.');
    default:
      return null;
  }
};

/** What reconciliation learns of an intent: never moves money. */
export const paymentStateOf = (pi: Stripe.PaymentIntent): PaymentState => {
  switch (pi.status) {
    case 'succeeded':
      return latestChargeSucceeded(pi) || chargeOf(pi) === null
        ? {
            status: 'succeeded',
            paymentRef: pi.id,
            amount: pi.amount_received || pi.amount,
            card: cardFactsOf(pi),
          }
        : { status: 'failed', paymentRef: pi.id };
    case 'canceled':
      return { status: 'canceled', paymentRef: pi.id };
    case 'requires_payment_method':
      return pi.last_payment_error
        ? { status: 'failed', paymentRef: pi.id }
        : { status: 'pending', paymentRef: pi.id };
    default:
      return { status: 'pending', paymentRef: pi.id };
  }
};
