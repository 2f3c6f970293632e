import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type RefObject } from 'react';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { isApiError } from '../../api/api-error.ts';
import { useAccount } from '../accounts/use-account.ts';
import type { StripeCard } from '../payments/stripe-card-form.tsx';
import { forgetBasket } from '../basket/basket-session.ts';
import { emptyBasketReturnPath, savedReturnTarget } from '../basket/return-target.ts';
import { postCheckout } from './checkout-api.ts';
import { firstInvalid, formFieldFromServer, isValid, type FieldName } from './checkout-form.ts';
import type { CheckoutOutcome } from './checkout-outcome.ts';
import { takeCheckoutNotice } from './checkout-notice.ts';
import { checkoutRequestOf } from './checkout-request.ts';
import { cardFlow } from './pay-by-card.ts';
import { stripeCardFlow } from './pay-by-stripe-card.ts';
import {
  isStripeCard,
  makeKey,
  scrollToField,
  type CardProblem,
  type CheckoutDraft,
  type PayContext,
} from './pay-context.ts';
import { afterpayFlow } from './pay-with-afterpay.ts';
import { payPalFlow } from './pay-with-paypal.ts';
import { savedCardFlow } from './pay-with-saved-card.ts';
import { walletFlow } from './pay-with-wallet.ts';
import { worldPayFlow } from './pay-with-worldpay.ts';
import { attemptAfter, attemptFor, type PaymentAttempt } from './payment-attempt.ts';
import type { PaymentProblem } from './payment-modals.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';

// Paying: the form-submitted and order-processing flags, the
// payment type's flow (one file each: pay-by-card, pay-by-stripe-card, pay-with-paypal,
// pay-with-worldpay, pay-with-afterpay, pay-with-wallet, pay-with-saved-card), the checkout call
// with one idempotency key per attempt, and what each answer leads to. Failure resets the flags.
// A checkout that registered the buyer may have signed this browser in (the server does so
// before charging): the account is read again before the next step, so the header shows it.

export interface PendingAuthentication {
  readonly actionUrl: string;
  readonly paymentIntentId: string;
}

export const usePay = (input: {
  form: CheckoutForm;
  paymentType: ConsumerPaymentType | null;
  optIns: readonly number[];
  planCode: string | undefined;
  /** Stripe.js and its mounted card Element, when the card type's Processor is Stripe. */
  stripeCard?: RefObject<StripeCard | null>;
  /** The signed-in customer's saved card (CCStripeID), paid with PaymentType SavedCard. */
  savedCardId?: string | null;
  /** Part of the total paid from a gift certificate (web/src/features/gift-certificates/). */
  giftCertificate?: { readonly Code: string; readonly Amount: number } | null;
  /** Nothing left to pay (a gift certificate pays it all, or comps): checkout goes without a card. */
  nothingToPay?: boolean;
  /** Asked once the form is valid, before any payment starts (the robot check): false stops. */
  beforePay?: () => Promise<boolean>;
}) => {
  const navigate = useNavigate();
  const { refresh: refreshAccount } = useAccount();
  const [submitting, setSubmitting] = useState(false);
  const [processing, setProcessing] = useState(false);
  // What a failed off-site payment (WorldPay, Afterpay) sent back with the buyer, once.
  const [notice] = useState(takeCheckoutNotice);
  const [problem, setProblem] = useState<PaymentProblem | null>(() =>
    notice?.kind === 'paymentError' ? { kind: 'paymentError', message: notice.message } : null,
  );
  const [authentication, setAuthentication] = useState<PendingAuthentication | null>(null);
  const [banner, setBanner] = useState<string | null>(() =>
    notice?.kind === 'banner' ? notice.message : null,
  );
  const [cardProblem, setCardProblem] = useState<CardProblem | null>(null);
  const afterNextAction = useRef(false);
  const busy = useRef(false);
  const attempt = useRef<PaymentAttempt | null>(null);
  const lastRequest = useRef<CheckoutDraft | null>(null);
  const { form } = input;

  const baseRequest = (type: ConsumerPaymentType) => ({
    ...checkoutRequestOf({
      values: form.values,
      rules: form.rules,
      paymentType: type,
      shipElsewhere: form.shipElsewhere,
      marketingOptInTagIds: input.optIns,
      returnUrl: `${window.location.origin}/checkout/payment`,
    }),
    GiftCertificate: input.giftCertificate ?? null,
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
          await stripeCard.authenticate(input.stripeCard.current, outcome.clientSecret, lastRequest.current);
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
      case 'accountExists':
        form.refuseAccount(outcome.message);
        scrollToField('Email');
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

  const checkout = async (request: CheckoutDraft) => {
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
    if (request.HasJustRegistered && outcome.kind !== 'network') await refreshAccount();
    if (outcome.kind !== 'ordered') setProcessing(false);
    await settle(outcome);
    return outcome;
  };

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

  /** The form without the card fields: what the wallet, PayPal and Afterpay need filled first. */
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

  const whileBusy = async (run: () => Promise<void>) => {
    busy.current = true;
    setSubmitting(true);
    try {
      await run();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const ctx: PayContext = {
    form,
    paymentType: input.paymentType,
    stripeCard: input.stripeCard,
    navigate,
    attempt,
    busy,
    baseRequest,
    checkout,
    failed,
    checkedWithoutCard,
    whileBusy,
    setProblem,
    setBanner,
    setCardProblem,
  };
  const stripeCard = stripeCardFlow(ctx, afterNextAction);
  const card = cardFlow(ctx, stripeCard);
  const payPal = payPalFlow(ctx);
  const worldPay = worldPayFlow(ctx);
  const afterpay = afterpayFlow(ctx);
  const wallet = walletFlow(ctx);
  const savedCard = savedCardFlow(ctx);

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
    const type = input.paymentType;
    await whileBusy(async () => {
      try {
        if (input.beforePay && !(await input.beforePay())) return;
        if (input.nothingToPay) await checkout(baseRequest(type));
        else if (type.PaymentType === 'CreditCard') await card.pay(type);
        else if (type.PaymentType === 'SavedCard' && input.savedCardId)
          await savedCard.pay(type, input.savedCardId);
        else if (type.PaymentType === 'PayPal') payPal.showButton();
        else if (type.PaymentType === 'WorldPay') await worldPay.handOff(type);
        else if (type.PaymentType === 'Afterpay') await afterpay.handOff(type);
      } catch (error) {
        await failed(error);
      }
    });
  };

  /** After the authentication step: resubmit the same attempt, or give it up. */
  const afterAuthentication = async (result: 'done' | 'cancelled') => {
    setAuthentication(null);
    const request = lastRequest.current;
    if (result === 'cancelled' || !request) {
      attempt.current = null;
      return;
    }
    await whileBusy(async () => {
      await checkout(request);
    });
  };

  /** Closing a problem: the seats-taken one leads back to seat selection (the basket is gone). */
  const closeProblem = () => {
    const closed = problem;
    setProblem(null);
    if (closed?.kind === 'seatsTaken') void navigate({ href: emptyBasketReturnPath(savedReturnTarget()) });
  };

  return {
    pay,
    payWithWallet: wallet.pay,
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
    payPalClick: payPal.click,
    payPalOrder: payPal.order,
    payPalApproved: payPal.approved,
  };
};
