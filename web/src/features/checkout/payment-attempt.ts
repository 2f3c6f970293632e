import type { CheckoutOutcome } from './checkout-outcome.ts';

// One payment attempt (contract: CheckoutRequest.IdempotencyKey). The browser makes a fresh
// random key when the buyer starts paying and sends the same key on every retry of that attempt
// (a network failure, the resubmission after 3-D Secure), so the server makes one order and
// one charge whatever happens to the connection. An answer that settles the attempt (declined,
// bad input, seats taken) ends it: the next press of Pay is a new attempt with a new key.

export interface PaymentAttempt {
  readonly key: string;
  /** Set once the server asked for authentication: the payment to confirm on resubmission. */
  readonly paymentIntentId: string | null;
}

export const startAttempt = (makeKey: () => string): PaymentAttempt => ({
  key: makeKey(),
  paymentIntentId: null,
});

/**
 * The attempt to continue after an answer, or null when the next submission starts a new one.
 * Kept when the answer leaves the outcome open: the server was not reached, it failed on its
 * side (5xx: it may have charged), or it asks for authentication.
 */
export const attemptAfter = (attempt: PaymentAttempt, outcome: CheckoutOutcome): PaymentAttempt | null => {
  switch (outcome.kind) {
    case 'requiresAction':
      return { ...attempt, paymentIntentId: outcome.paymentIntentId };
    case 'network':
      return attempt;
    case 'paymentError':
      return outcome.status >= 500 ? attempt : null;
    default:
      return null;
  }
};

/** The attempt for the next submission: the one still open, or a new one. */
export const attemptFor = (open: PaymentAttempt | null, makeKey: () => string): PaymentAttempt =>
  open ?? startAttempt(makeKey);
