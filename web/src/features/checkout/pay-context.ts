import type { useNavigate } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { CheckoutRequest, ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import type { StripeCard } from '../payments/stripe-card-form.tsx';
import type { CheckoutOutcome } from './checkout-outcome.ts';
import type { FieldName } from './checkout-form.ts';
import { findWithRetries } from './find-with-retries.ts';
import { fieldId } from './form-field.tsx';
import type { PaymentAttempt } from './payment-attempt.ts';
import type { PaymentProblem } from './payment-modals.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';

// What every payment flow (card, PayPal, WorldPay, Afterpay, wallet) shares with the payment
// page's hook (use-pay.ts): the form, the open attempt, the checkout call and the ways to tell
// the buyer. Each flow lives in its own file and is made from this context.

/** The card's problem under Stripe's card field: a spec code (our words) or Stripe's words. */
export interface CardProblem {
  readonly code: string | null;
  readonly message: string | null;
}

export type CheckoutDraft = Omit<CheckoutRequest, 'IdempotencyKey'>;

export interface PayContext {
  readonly form: CheckoutForm;
  readonly paymentType: ConsumerPaymentType | null;
  /** Stripe.js and its mounted card Element, when the card type's Processor is Stripe. */
  readonly stripeCard: RefObject<StripeCard | null> | undefined;
  readonly navigate: ReturnType<typeof useNavigate>;
  /** The attempt still open (its idempotency key), or null: the next submission starts one. */
  readonly attempt: RefObject<PaymentAttempt | null>;
  /** True while a payment runs: a second press of a button does nothing. */
  readonly busy: RefObject<boolean>;
  /** The checkout request from the form, for this payment type (no key, no payment details). */
  baseRequest(type: ConsumerPaymentType): CheckoutDraft;
  /** POST /api/checkout for the open attempt (or a new one), then what the answer says. */
  checkout(request: CheckoutDraft): Promise<CheckoutOutcome>;
  /** A call that threw (not an answered checkout): expired basket, network, or the generic modal. */
  failed(error: unknown): Promise<void>;
  /** The form without the card fields is good (else its first error is shown and scrolled to). */
  checkedWithoutCard(): boolean;
  /** Runs a payment with the busy flags set, once at a time. */
  whileBusy(run: () => Promise<void>): Promise<void>;
  setProblem(problem: PaymentProblem | null): void;
  setBanner(message: string | null): void;
  setCardProblem(problem: CardProblem | null): void;
}

export const makeKey = () => crypto.randomUUID();

const textValue = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A form value as text, or undefined when empty (Stripe.js leaves out what is not given). */
export const formText = (form: CheckoutForm, name: FieldName) => textValue(form.values[name]);

/** Scrolls the first invalid field into view and puts the cursor there. */
export const scrollToField = (name: FieldName) =>
  findWithRetries(
    () => document.getElementById(fieldId(name)),
    (element) => {
      element.scrollIntoView({ behavior: 'smooth', block: 'center' });
      element.focus({ preventScroll: true });
    },
  );

/** A card payment type taken through Stripe (Stripe.js on this page). */
export const isStripeCard = (type: ConsumerPaymentType | null): boolean =>
  type?.PaymentType === 'CreditCard' && type.Processor === 'Stripe';
