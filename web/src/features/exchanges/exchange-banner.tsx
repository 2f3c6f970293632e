import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { failureText } from '../../api/failure-text.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { hasPermission } from '../staff/admin-access.ts';
import { abandonExchange, fetchExchangeViewModel, type ExchangeViewModel } from './exchange-api.ts';
import './exchange.css';

/**
 * "Exchanging order F0000123: 2 tickets, credit $90.00" above the staff sell and basket screens
 * while the clerk's basket is an exchange's. Nothing when it is not (404) or cannot be read.
 * `refresh`: read again when it changes (the basket was updated: exchange baskets are re-checked).
 * A role that may not exchange has no exchange basket, and is not made to ask (the call would be
 * refused: 403).
 */
export function ExchangeBanner(props: { refresh?: unknown }) {
  const { t } = useTranslation('admin');
  const { staff } = useRouteContext({ from: '/admin' });
  const mayExchange = hasPermission(staff, 'exchange');
  const [vm, setVm] = useState<ExchangeViewModel | null>(null);
  useEffect(() => {
    if (!mayExchange) return;
    const controller = new AbortController();
    fetchExchangeViewModel(controller.signal).then(
      (found) => !controller.signal.aborted && setVm(found),
      (error: unknown) => {
        if (!controller.signal.aborted && (!isApiError(error) || error.status === 404)) setVm(null);
      },
    );
    return () => controller.abort();
  }, [props.refresh, mayExchange]);
  if (!mayExchange || !vm || vm.status !== 'open') return null;
  const money = (minor: number) => formatMoney(minor, vm.currencyLocale);
  return (
    <div className="exchange-banner" role="status" data-testid="exchange-banner">
      <strong>
        {t('exchange.banner', { order: vm.orderName, count: vm.oldTickets.length, credit: money(vm.credit) })}
      </strong>
      {vm.newTotal > 0 && (
        <span>
          {vm.remainingBalance >= 0
            ? t('exchange.bannerToPay', { amount: money(vm.remainingBalance) })
            : t('exchange.bannerBack', { amount: money(-vm.remainingBalance) })}
        </span>
      )}
      <AbandonExchange exchangeId={vm.exchangeGlobalId} orderId={vm.orderId} orderName={vm.orderName} />
    </div>
  );
}

/**
 * Gives the exchange up after a confirmation: its basket's seats go back on sale, the order keeps
 * its tickets; the clerk lands back on the order's page.
 */
function AbandonExchange(props: { exchangeId: string; orderId: number; orderName: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <ConfirmButton
      label={t('exchange.abandon')}
      className="button button--secondary exchange-banner__abandon"
      title={t('exchange.abandonTitle', { order: props.orderName })}
      question={t('exchange.abandonText', { order: props.orderName })}
      confirmLabel={t('exchange.abandonConfirm')}
      busyLabel={t('exchange.abandoning')}
      cancelLabel={t('exchange.keep')}
      onConfirm={async () => {
        await abandonExchange(props.exchangeId);
        await navigate({ to: '/admin/orders/$orderId', params: { orderId: String(props.orderId) } });
      }}
      failureText={(failure) => failureText(t, failure, 'exchange.abandonFailed')}
    />
  );
}
