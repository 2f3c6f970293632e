import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type RefObject } from 'react';
import type { CheckoutRequest, ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { validateCard, cardHolderName } from '../../../../core/payments/card-validation.ts';
import { isApiError } from '../../api/api-error.ts';
import { runApplePay } from '../payments/apple-pay.ts';
import type { StripeCard } from '../payments/stripe-card-form.tsx';
import {
  cardBrandOf,
  cardFieldOfStripeError,
  createPaymentMethodWithRetry,
  type BillingDetails,
  type StripeError,
} from '../payments/stripe-js.ts';
import { forgetBasket } from '../basket/basket-session.ts';
import { emptyBasketReturnPath, savedReturnTarget } from '../basket/return-target.ts';
import {
  createAfterpayIntent,
  createOfflineToken,
  createPayPalOrder,
  createWorldPayUrl,
  postCheckout,
} from './checkout-api.ts';
import { firstInvalid, formFieldFromServer, isValid, type FieldName } from './checkout-form.ts';
import type { CheckoutOutcome } from './checkout-outcome.ts';
import { takeCheckoutNotice } from './checkout-notice.ts';
import { checkoutRequestOf } from './checkout-request.ts';
import { findWithRetries } from './find-with-retries.ts';
import { fieldId } from './form-field.tsx';
import { attemptAfter, attemptFor, type PaymentAttempt } from './payment-attempt.ts';
import type { PaymentProblem } from './payment-modals.tsx';
import { savePendingCheckout } from './pending-checkout.ts';
import type { CheckoutForm } from './use-checkout-form.ts';

// Paying (spec 000 section 4, checkout): the form-submitted and order-processing flags, the
// payment type's flow, the checkout call with one idempotency key per attempt, and what each
// answer leads to. Failure resets the flags.

export interface PendingAuthentication {
  readonly actionUrl: string;
  readonly paymentIntentId: string;
}

const makeKey = () => crypto.randomUUID();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The card's problem under Stripe's card field: a spec code (our words) or Stripe's words. */
export interface CardProblem {
  readonly code: string | null;
  readonly message: string | null;
}

const textValue = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The tokenise call's field names (number, expMonth, expYear, cvc) as card fields. */
const cardFieldOf = (name: string): FieldName | null =>
  name === 'number'
    ? 'CardNumber'
    : name.startsWith('exp')
      ? 'CardExpiry'
      : name === 'cvc'
        ? 'CardCvc'
        : null;

const textOrUs = (value: string | boolean | undefined) => (typeof value === 'string' && value ? value : 'US');

/** Scrolls the first invalid field into view and puts the cursor there (spec 000 section 5). */
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

export const usePay = (input: {
  form: CheckoutForm;
  paymentType: ConsumerPaymentType | null;
  optIns: readonly number[];
  planCode: string | undefined;
  /** Stripe.js and its mounted card Element, when the card type's Processor is Stripe. */
  stripeCard?: RefObject<StripeCard | null>;
}) => {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [authentication, setAuthentication] = useState<PendingAuthentication | null>(null);
  const [banner, setBanner] = useState<string | null>(() => takeCheckoutNotice());
  const [cardProblem, setCardProblem] = useState<CardProblem | null>(null);
  /** Set while the resubmission after Stripe's next action runs: a second 422 is not authenticated again. */
  const afterNextAction = useRef(false);
  const busy = useRef(false);
  const attempt = useRef<PaymentAttempt | null>(null);
  const lastRequest = useRef<Omit<CheckoutRequest, 'IdempotencyKey'> | null>(null);
  const { form } = input;

  const baseRequest = (type: ConsumerPaymentType) =>
    checkoutRequestOf({
      values: form.values,
      rules: form.rules,
      paymentType: type,
      shipElsewhere: form.shipElsewhere,
      marketingOptInTagIds: input.optIns,
      returnUrl: `${window.location.origin}/checkout/payment`,
    });

  const settle = async (outcome: CheckoutOutcome) => {
    switch (outcome.kind) {
      case 'ordered':
        forgetBasket();
        await navigate({
          to: '/checkout/confirmation/$orderId',
          params: { orderId: String(outcome.orderId) },
          search: input.planCode ? { planCode: input.planCode } : {},
        });
        return;
      case 'requiresAction':
        if (isStripeCard(input.paymentType) && input.stripeCard?.current)
          await authenticateWithStripe(input.stripeCard.current, outcome.clientSecret);
        else if (outcome.actionUrl)
          setAuthentication({ actionUrl: outcome.actionUrl, paymentIntentId: outcome.paymentIntentId });
        else setProblem({ kind: 'paymentError', message: null });
        return;
      case 'expired':
        await navigate({ to: '/basket/expired', replace: true });
        return;
      case 'sellError':
        await navigate({ to: '/checkout/error', replace: true });
        return;
      case 'seatsTaken':
        forgetBasket();
        setProblem({ kind: 'seatsTaken', message: outcome.message });
        return;
      case 'declined':
        setProblem({ kind: 'declined', message: outcome.message });
        return;
      case 'invalid': {
        const fields = outcome.fields.map(formFieldFromServer).filter((f): f is FieldName => f !== null);
        form.refuse(fields, null);
        setBanner(outcome.message);
        const first = fields[0];
        if (first) scrollToField(first);
        return;
      }
      case 'network':
        setProblem({ kind: 'network' });
        return;
      case 'paymentError':
        setProblem({ kind: 'paymentError', message: outcome.message });
    }
  };

  /**
   * Stripe's next action (3-D Secure in Stripe's frame), then the same attempt again with its
   * PaymentIntentId: the server reads from Stripe whether the bank said yes. Once only.
   */
  const authenticateWithStripe = async (handle: StripeCard, clientSecret: string) => {
    const request = lastRequest.current;
    if (afterNextAction.current || !request) {
      attempt.current = null;
      setProblem({ kind: 'paymentError', message: null });
      return;
    }
    await handle.stripe.handleNextAction({ clientSecret }).catch(() => undefined);
    afterNextAction.current = true;
    try {
      await checkout(request);
    } finally {
      afterNextAction.current = false;
    }
  };

  /** POST /api/checkout for the open attempt (or a new one), then what the answer says. */
  const checkout = async (request: Omit<CheckoutRequest, 'IdempotencyKey'>) => {
    const current = attemptFor(attempt.current, makeKey);
    attempt.current = current;
    lastRequest.current = request;
    setProcessing(true);
    const outcome = await postCheckout({
      ...request,
      IdempotencyKey: current.key,
      ...(current.paymentIntentId ? { PaymentIntentId: current.paymentIntentId } : {}),
    });
    attempt.current = attemptAfter(current, outcome);
    if (outcome.kind !== 'ordered') setProcessing(false);
    await settle(outcome);
    return outcome;
  };

  const billingDetails = (): BillingDetails => {
    const v = form.values;
    return {
      name: cardHolderName(form.text('CardHolderName').trim()),
      email: textValue(v.Email),
      phone: textValue(v.Phone),
      address: {
        line1: textValue(v.BillToAddress1),
        line2: textValue(v.BillToAddress2),
        city: textValue(v.BillToCity),
        state: textValue(v.BillToState),
        postal_code: textValue(v.BillToPostalCode),
        country: textValue(v.BillToCountryCode),
      },
    };
  };

  /** A refusal of Stripe's token call: a field error (spec 001 section 5), a decline, or the error modal. */
  const refusedByStripe = (error: StripeError | undefined) => {
    const field = cardFieldOfStripeError(error);
    if (field || error?.type === 'validation_error') {
      setCardProblem({ code: field?.code ?? null, message: error?.message ?? null });
      scrollToField('CardNumber');
    } else if (error?.type === 'card_error') setProblem({ kind: 'declined', message: error.message ?? null });
    else if (error?.type === 'api_connection_error') setProblem({ kind: 'network' });
    else setProblem({ kind: 'paymentError', message: error?.message ?? null });
  };

  /** Stripe: the card Element becomes a payment method (Stripe.js), whose id is the checkout's Token. */
  const payByStripe = async (type: ConsumerPaymentType) => {
    const handle = input.stripeCard?.current;
    if (!handle) {
      setProblem({ kind: 'gateway' });
      return;
    }
    const made = await createPaymentMethodWithRetry(
      () =>
        handle.stripe.createPaymentMethod({
          type: 'card',
          card: handle.card,
          billing_details: billingDetails(),
        }),
      sleep,
    );
    if (!made.paymentMethod) return refusedByStripe(made.error);
    setCardProblem(null);
    const last4 = made.paymentMethod.card?.last4;
    await checkout({
      ...baseRequest(type),
      Token: made.paymentMethod.id,
      CardBrand: cardBrandOf(made.paymentMethod.card?.brand),
      CCLast4: last4 && /^\d{4}$/.test(last4) ? last4 : null,
      CardHolderName: cardHolderName(form.text('CardHolderName').trim()),
    });
  };

  const payByCard = async (type: ConsumerPaymentType) => {
    if (isStripeCard(type)) return payByStripe(type);
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
    // The offline processor's tokenise call; another card processor (not Stripe) has no browser side here.
    if (type.Processor !== 'Offline') {
      setProblem({ kind: 'paymentError', message: null });
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
      if (tokenised.status === 0) return setProblem({ kind: 'network' });
      if (tokenised.status === 402) return setProblem({ kind: 'declined', message: tokenised.message });
      const fields = tokenised.fields.map(cardFieldOf).filter((f): f is FieldName => f !== null);
      if (tokenised.status !== 400 || fields.length === 0)
        return setProblem({ kind: 'paymentError', message: tokenised.message });
      form.refuse(fields, null);
      setBanner(tokenised.message);
      scrollToField(fields[0]!);
      return;
    }
    const token = tokenised.token;
    await checkout({
      ...baseRequest(type),
      Token: token.Token,
      CardBrand: token.CardBrand,
      CCBin: token.CCBin,
      CCLast4: token.CCLast4,
      CardHolderName: cardHolderName(form.text('CardHolderName').trim()),
    });
  };

  /** Pay with PayPal chosen: the buyer pays with PayPal's own button (the SDK's), shown in view. */
  const showPayPalButton = () =>
    findWithRetries(
      () => document.querySelector<HTMLElement>('[data-testid="paypal-buttons"]'),
      (element) => {
        element.scrollIntoView({ behavior: 'smooth', block: 'center' });
        element.querySelector<HTMLElement>('button, iframe')?.focus({ preventScroll: true });
      },
    );

  const handToWorldPay = async (type: ConsumerPaymentType) => {
    const current = attemptFor(attempt.current, makeKey);
    attempt.current = current;
    const request = baseRequest(type);
    const { url } = await createWorldPayUrl({ ...request, IdempotencyKey: current.key });
    savePendingCheckout({ request, idempotencyKey: current.key });
    await navigate({ to: '/checkout/worldPay', search: { worldPayUrl: url } });
  };

  const handToAfterpay = async (type: ConsumerPaymentType) => {
    const request = baseRequest(type);
    const intent = await createAfterpayIntent(request);
    if (!intent.redirectUrl) {
      setProblem({ kind: 'paymentError', message: null });
      return;
    }
    savePendingCheckout({ request, idempotencyKey: attemptFor(attempt.current, makeKey).key });
    window.location.assign(intent.redirectUrl);
  };

  /** Pay: check the form (errors show, the first is scrolled to), then the type's flow. */
  const pay = async () => {
    if (busy.current || !input.paymentType) return;
    form.submit();
    setBanner(null);
    if (!isValid(form.errors)) {
      const first = firstInvalid(form.errors);
      if (first) scrollToField(first);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    const type = input.paymentType;
    try {
      if (type.PaymentType === 'CreditCard') await payByCard(type);
      else if (type.PaymentType === 'PayPal') showPayPalButton();
      else if (type.PaymentType === 'WorldPay') await handToWorldPay(type);
      else if (type.PaymentType === 'Afterpay') await handToAfterpay(type);
    } catch (error) {
      await failed(error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** A call that threw (not an answered checkout): expired basket, network, or the generic modal. */
  const failed = async (error: unknown) => {
    setProcessing(false);
    if (isApiError(error) && error.status === 404) await navigate({ to: '/basket/expired', replace: true });
    else
      setProblem(
        isApiError(error) && error.status === 0
          ? { kind: 'network' }
          : { kind: 'paymentError', message: isApiError(error) ? (error.serverMessage ?? null) : null },
      );
  };

  /** The form without the card fields: what the wallet and PayPal need filled before they start. */
  const checkedWithoutCard = () => {
    form.submit();
    setBanner(null);
    const withoutCard = { ...form.errors };
    for (const name of ['CardNumber', 'CardExpiry', 'CardCvc', 'CardHolderName'] as const)
      delete withoutCard[name];
    if (isValid(withoutCard)) return true;
    const first = firstInvalid(withoutCard);
    if (first) scrollToField(first);
    return false;
  };

  /** The PayPal button's onClick: only a good form, and not while paying. */
  const payPalClick = () => !busy.current && input.paymentType !== null && checkedWithoutCard();

  /** The PayPal button's createOrder: the order for the basket total, made by our server. */
  const payPalOrder = async (): Promise<string> => {
    const type = input.paymentType!;
    try {
      return (await createPayPalOrder(baseRequest(type))).id;
    } catch (error) {
      await failed(error);
      throw error;
    }
  };

  /** The PayPal button's onApprove: capture and order (POST /api/checkout with PayPalOrderId). */
  const payPalApproved = async (orderId: string) => {
    const type = input.paymentType;
    if (!type || busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await checkout({ ...baseRequest(type), PayPalOrderId: orderId });
    } catch (error) {
      await failed(error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** The wallet button: the form is checked first (names, e-mail, address), then the Apple Pay sheet. */
  const payWithWallet = async (type: ConsumerPaymentType, total: { amount: number; currency: string }) => {
    if (busy.current || !checkedWithoutCard()) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await runApplePay({
        total: total.amount,
        currencyCode: total.currency,
        countryCode: textOrUs(form.values.BillToCountryCode),
        label: document.title.split(' · ').pop() || 'Foyer',
        onValidationFailed: () => setProblem({ kind: 'applePayValidation' }),
        authorize: async (token) => {
          const outcome = await checkout({
            ...baseRequest(type),
            Token: token.transactionIdentifier ?? null,
          });
          return outcome.kind === 'ordered';
        },
      });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** After the authentication step: resubmit the same attempt, or give it up. */
  const afterAuthentication = async (result: 'done' | 'cancelled') => {
    setAuthentication(null);
    const request = lastRequest.current;
    if (result === 'cancelled' || !request) {
      attempt.current = null;
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await checkout(request);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** Closing a problem: the seats-taken one leads back to seat selection (the basket is gone). */
  const closeProblem = () => {
    const closed = problem;
    setProblem(null);
    if (closed?.kind === 'seatsTaken') void navigate({ href: emptyBasketReturnPath(savedReturnTarget()) });
  };

  return {
    pay,
    payWithWallet,
    submitting,
    processing,
    problem,
    setProblem,
    closeProblem,
    authentication,
    afterAuthentication,
    banner,
    checkout,
    baseRequest,
    cardProblem,
    setCardProblem,
    payPalClick,
    payPalOrder,
    payPalApproved,
  };
};
