import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { CheckoutRequest, ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { validateCard, cardHolderName } from '../../../../core/payments/card-validation.ts';
import { isApiError } from '../../api/api-error.ts';
import { runApplePay } from '../payments/apple-pay.ts';
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

export const usePay = (input: {
  form: CheckoutForm;
  paymentType: ConsumerPaymentType | null;
  optIns: readonly number[];
  planCode: string | undefined;
}) => {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [authentication, setAuthentication] = useState<PendingAuthentication | null>(null);
  const [banner, setBanner] = useState<string | null>(() => takeCheckoutNotice());
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
        if (outcome.actionUrl)
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

  const payByCard = async (type: ConsumerPaymentType) => {
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
    // Spec 000 section 1 / contract: only the offline processor's tokenise call is built here;
    // a Stripe account needs Stripe.js to tokenise, which this storefront does not load yet.
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

  const payByPayPal = async (type: ConsumerPaymentType) => {
    const order = await createPayPalOrder(baseRequest(type));
    await checkout({ ...baseRequest(type), PayPalOrderId: order.id });
  };

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
      else if (type.PaymentType === 'PayPal') await payByPayPal(type);
      else if (type.PaymentType === 'WorldPay') await handToWorldPay(type);
      else if (type.PaymentType === 'Afterpay') await handToAfterpay(type);
    } catch (error) {
      setProcessing(false);
      if (isApiError(error) && error.status === 404) await navigate({ to: '/basket/expired', replace: true });
      else
        setProblem(
          isApiError(error) && error.status === 0
            ? { kind: 'network' }
            : { kind: 'paymentError', message: isApiError(error) ? (error.serverMessage ?? null) : null },
        );
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** The wallet button: the form is checked first (names, e-mail, address), then the Apple Pay sheet. */
  const payWithWallet = async (type: ConsumerPaymentType, total: { amount: number; currency: string }) => {
    if (busy.current) return;
    form.submit();
    const withoutCard = { ...form.errors };
    for (const name of ['CardNumber', 'CardExpiry', 'CardCvc', 'CardHolderName'] as const)
      delete withoutCard[name];
    if (!isValid(withoutCard)) {
      const first = firstInvalid(withoutCard);
      if (first) scrollToField(first);
      return;
    }
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
  };
};
