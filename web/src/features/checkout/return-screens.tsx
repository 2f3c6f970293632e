import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest } from '../../../../adapters/http/contract/checkout.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { forgetBasket } from '../basket/basket-session.ts';
import { afterpayNextStep, afterpayReturnOf, carriesAfterpayReturn } from './afterpay-return.ts';
import { fetchAfterpayIntent, postCheckout } from './checkout-api.ts';
import type { CheckoutOutcome } from './checkout-outcome.ts';
import { clearPendingCheckout, pendingCheckout } from './pending-checkout.ts';
import { rememberCheckoutNotice, type CheckoutNotice } from './checkout-notice.ts';
import { carriesWorldPayReturn, worldPayReturnOf } from './world-pay.ts';

// Where the buyer comes back from an off-site payment page: /checkout/orderProcessing (WorldPay:
// orderKey, mac2, paymentStatus, paymentAmount, paymentCurrency) and /checkout/afterPay
// (?payment_intent or ?paymentIntent). Each completes the checkout the tab started (same idempotency key), then
// goes to the confirmation, or back to the payment page with the reason. Opened without its query
// (by hand, or by a link that lost it) there is nothing to complete: the page says so, with the
// ways to the basket and to the storefront.

const queryOf = (): Record<string, string> => Object.fromEntries(new URLSearchParams(window.location.search));

/**
 * Completes a checkout on return; failures go back to payment, where the reason shows: as the
 * banner (WorldPay), or as the payment error modal (Afterpay).
 */
const useCompleteOnReturn = (
  run: () => Promise<CheckoutOutcome | 'failed'>,
  failureShows: CheckoutNotice['kind'],
) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // Once per page load, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const backToPayment = async (message: string | null) => {
      clearPendingCheckout();
      rememberCheckoutNotice(
        failureShows === 'banner'
          ? { kind: 'banner', message: message ?? t('checkout.returnFailed') }
          : { kind: 'paymentError', message },
      );
      await navigate({ to: '/checkout/payment', replace: true });
    };
    void run().then(
      async (outcome) => {
        if (outcome === 'failed') return backToPayment(null);
        if (outcome.kind === 'ordered') {
          clearPendingCheckout();
          forgetBasket();
          await navigate({
            to: '/checkout/confirmation/$orderId',
            params: { orderId: String(outcome.orderId) },
            replace: true,
          });
          return;
        }
        if (outcome.kind === 'expired') return void navigate({ to: '/basket/expired', replace: true });
        if (outcome.kind === 'sellError') return void navigate({ to: '/checkout/error', replace: true });
        await backToPayment('message' in outcome && outcome.message ? outcome.message : null);
      },
      () => backToPayment(null),
    );
  }, []);
};

const requestFor = (
  paymentType: CheckoutRequest['PaymentType'],
  extra: Partial<CheckoutRequest>,
): CheckoutRequest => {
  const pending = pendingCheckout();
  return {
    ...(pending?.request ?? {}),
    PaymentType: paymentType,
    IdempotencyKey: pending?.idempotencyKey ?? crypto.randomUUID(),
    ...extra,
  };
};

/**
 * Whether this page load came with its return's query. Read once: while the return goes on to
 * another page, the address already shows that page's.
 */
const useOpenedWith = (carries: (query: Record<string, string>) => boolean) =>
  useState(() => carries(queryOf()))[0];

/** A return page opened without its query: the general error words, and the ways on. */
function ReturnWithoutQuery() {
  const { t } = useTranslation();
  return (
    <MessagePage
      tone="warning"
      title={t('error.title')}
      body={t('error.generic')}
      actions={
        <>
          <Link to="/checkout/basket" className="button">
            {t('checkoutError.basket')}
          </Link>
          <Link to="/" className="button button--secondary">
            {t('common.backToWhatsOn')}
          </Link>
        </>
      }
    />
  );
}

/** /checkout/orderProcessing: WorldPay's return. */
export function OrderProcessingScreen() {
  return useOpenedWith(carriesWorldPayReturn) ? <WorldPayReturn /> : <ReturnWithoutQuery />;
}

function WorldPayReturn() {
  const { t } = useTranslation();
  usePageTitle(t('orderProcessing.title'));
  useCompleteOnReturn(async () => {
    const data = worldPayReturnOf(queryOf());
    if (!data) return 'failed';
    return postCheckout(requestFor('WorldPay', { WorldPayData: { ...data } }));
  }, 'banner');
  return <Loading label={t('orderProcessing.working')} />;
}

/**
 * /checkout/afterPay: Afterpay's return, by way of Stripe (?payment_intent,
 * payment_intent_client_secret, redirect_status; the older ?paymentIntent too). The intent as
 * our server reads it from Stripe decides; a checkout with it captures the payment.
 */
export function AfterpayReturnScreen() {
  return useOpenedWith(carriesAfterpayReturn) ? <AfterpayReturn /> : <ReturnWithoutQuery />;
}

function AfterpayReturn() {
  const { t } = useTranslation();
  usePageTitle(t('orderProcessing.title'));
  useCompleteOnReturn(async () => {
    const found = afterpayReturnOf(queryOf(), pendingCheckout()?.clientSecret ?? null);
    if (!found) return 'failed';
    const intent = await fetchAfterpayIntent(found);
    if (afterpayNextStep(intent) === 'failed') return 'failed';
    return postCheckout(requestFor('Afterpay', { PaymentIntentId: found.paymentIntentId }));
  }, 'paymentError');
  return <Loading label={t('orderProcessing.working')} />;
}
