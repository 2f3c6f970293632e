import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/failure-text.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { exchangeSellPath, startExchange } from './exchange-api.ts';
import './exchange.css';

/**
 * The order page's Exchange button: after a confirmation it opens the exchange basket (the
 * order's customer on it) and sends the clerk to the series' sell screen with the exchange's id,
 * the map first and no promo code. `ticketIds`: the tickets given up (null: every Active one).
 */
export function ExchangeAction(props: {
  orderId: number;
  orderName: string;
  ticketIds: readonly number[] | null;
  /** How many tickets are given up (for the confirmation's words). */
  ticketCount: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <ConfirmButton
      label={t('exchange.action')}
      disabled={props.disabled || props.ticketCount === 0}
      title={t('exchange.confirmTitle')}
      question={t('exchange.confirmText', { order: props.orderName, count: props.ticketCount })}
      confirmLabel={t('exchange.start')}
      busyLabel={t('exchange.starting')}
      cancelLabel={t('exchange.cancel')}
      onConfirm={async () => {
        const started = await startExchange(props.orderId, props.ticketIds);
        await navigate({ href: exchangeSellPath(started.SeriesCode, started.ExchangeGlobalID) });
      }}
      failureText={(failure) => failureText(t, failure, 'exchange.basketFailed')}
    />
  );
}
