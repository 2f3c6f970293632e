import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { isWebUrl, redirectTarget, WORLD_PAY_ERROR_SECONDS } from './world-pay.ts';

// The WorldPay hosted payment page hand-off and its error screen. /checkout/worldPay and
// /payment/worldPay hand over; the error screens
// count down 7 seconds ("Redirecting in 1 second" / "in 7 seconds") and go to redirectUrl, else
// the payment page.

const searchOf = (search: unknown) => (search ?? {}) as Readonly<Record<string, unknown>>;

/** /checkout/worldPay?worldPayUrl (and /payment/worldPay): on to WorldPay's page. */
export function WorldPayHandOffScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const url = searchOf(location.search).worldPayUrl;
  const valid = isWebUrl(url);
  usePageTitle(t('worldPay.title'));
  useEffect(() => {
    if (valid) window.location.assign(url);
  }, [valid, url]);
  if (!valid)
    return (
      <MessagePage
        tone="warning"
        title={t('worldPay.missingTitle')}
        body={t('worldPay.missingBody')}
        actions={
          <Link to="/checkout/payment" className="button">
            {t('worldPay.backToPayment')}
          </Link>
        }
      />
    );
  return (
    <div className="checkout-handoff">
      <Loading label={t('worldPay.redirecting')} />
      <p>
        <a href={url}>{t('worldPay.continueLink')}</a>
      </p>
    </div>
  );
}

/** The seconds left of a countdown from `from`, one a second; `onDone` at 0. */
export const useCountdown = (from: number, onDone: () => void): number => {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
};

/** /checkout/worldPayError?redirectUrl (and /payment/worldPayError). */
export function WorldPayErrorScreen(props: { fallback: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(searchOf(location.search).redirectUrl, props.fallback);
  const left = useCountdown(WORLD_PAY_ERROR_SECONDS, () => void navigate({ href: target, replace: true }));
  return (
    <MessagePage
      tone="warning"
      title={t('worldPayError.title')}
      body={
        <>
          {t('worldPayError.body')}{' '}
          <span role="timer" aria-live="off" data-testid="world-pay-countdown">
            {t('worldPayError.redirecting', { count: Math.max(left, 0) })}
          </span>
        </>
      }
      actions={
        <a
          href={target}
          className="button"
          onClick={(event) => {
            event.preventDefault();
            void navigate({ href: target, replace: true });
          }}
        >
          {t('worldPayError.goNow')}
        </a>
      }
    />
  );
}

export const CheckoutWorldPayErrorScreen = () => <WorldPayErrorScreen fallback="/checkout/payment" />;
