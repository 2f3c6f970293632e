import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentConfirmation } from '../../../../adapters/http/contract/payment-links.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { worldPayReturnOf } from '../checkout/world-pay.ts';
import { storedLink, storedPayer } from './link-storage.ts';
import { moneyOf } from './money.ts';
import { fetchPaymentConfirmation, postLinkPayment } from './payment-links-api.ts';
import './payment-links.css';

// After paying a link: /payment/processing (WorldPay's return: the payment is claimed with
// WorldPayData) and /payment/confirmation/{paymentId} (read with the link's code this tab
// remembers; a 401 goes to /payment/Unauthorized).

/** /payment/processing?orderKey&mac2&paymentStatus... */
export function PaymentProcessingScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  usePageTitle(t('paymentLink.processing'));
  const back = storedLink();

  useEffect(() => {
    const worldPay = worldPayReturnOf((location.search ?? {}) as Record<string, unknown>);
    const payer = storedPayer();
    if (!worldPay || !back || !payer) {
      setFailed(t('paymentLink.processingFailed'));
      return;
    }
    void postLinkPayment({
      // One WorldPay order is one payment: its key names the attempt.
      IdempotencyKey: `worldpay:${worldPay.orderKey}`.slice(0, 80),
      PaymentRequestId: back.gsRequestId,
      PaymentCode: back.paymentCode,
      PaymentRequestType: 0,
      PaymentType: 'WorldPay',
      WorldPayData: { ...worldPay },
      ...payer,
    }).then(async (outcome) => {
      if (outcome.kind === 'paid')
        await navigate({
          to: '/payment/confirmation/$paymentId',
          params: { paymentId: String(outcome.paymentId) },
          replace: true,
        });
      else if (outcome.kind === 'unauthorized')
        await navigate({ to: '/payment/Unauthorized', replace: true });
      else
        setFailed(
          'message' in outcome && outcome.message ? outcome.message : t('paymentLink.processingFailed'),
        );
    });
  }, []);

  if (!failed) return <Loading label={t('paymentLink.processing')} />;
  return (
    <MessagePage
      tone="warning"
      title={t('paymentLink.processingFailed')}
      body={failed}
      actions={
        back ? (
          <Link
            to="/payment/paymentlink"
            search={{ gsRequestId: back.gsRequestId, paymentCode: back.paymentCode } as never}
            className="button"
          >
            {t('paymentLink.backToPayment')}
          </Link>
        ) : (
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        )
      }
    />
  );
}

/** /payment/confirmation/{paymentId} */
export function PaymentConfirmationScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { paymentId } = useParams({ strict: false }) as { paymentId?: string };
  const [confirmation, setConfirmation] = useState<PaymentConfirmation | 'failed' | null>(null);
  usePageTitle(t('paymentLink.confirmed.title'));

  useEffect(() => {
    const id = Number(paymentId);
    if (!Number.isSafeInteger(id) || id < 1) {
      void navigate({ to: '/payment/Unauthorized', replace: true });
      return;
    }
    const abort = new AbortController();
    fetchPaymentConfirmation(id, storedLink()?.paymentCode ?? null, abort.signal).then(
      setConfirmation,
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isApiError(error) && error.status === 401)
          void navigate({ to: '/payment/Unauthorized', replace: true });
        else setConfirmation('failed');
      },
    );
    return () => abort.abort();
  }, [paymentId]);

  if (confirmation === null) return <Loading label={t('common.loading')} />;
  if (confirmation === 'failed')
    return (
      <MessagePage
        tone="warning"
        title={t('paymentLink.confirmed.title')}
        body={t('paymentLink.loadFailed')}
        actions={
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  const amount = moneyOf(confirmation.Amount, confirmation.Currency, i18n.language);
  return (
    <section
      className="payment-link"
      aria-labelledby="payment-confirmed-title"
      data-testid="payment-confirmation"
    >
      <h1 id="payment-confirmed-title">{t('paymentLink.confirmed.title')}</h1>
      <p>
        {t('paymentLink.confirmed.body', {
          name: confirmation.PayerName ?? confirmation.CustomerName,
          amount,
          description: confirmation.Description,
        })}
      </p>
      {confirmation.CCLast4 && (
        <p>
          {t('paymentLink.confirmed.card', {
            brand: confirmation.CardBrand ?? '',
            last4: confirmation.CCLast4,
          })}
        </p>
      )}
      <p>{t('paymentLink.confirmed.reference', { id: confirmation.PaymentID })}</p>
      <p>
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      </p>
    </section>
  );
}
