import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/failure-text.ts';
import { Modal } from '../../ui/modal.tsx';
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await startExchange(props.orderId, props.ticketIds);
      await navigate({ href: exchangeSellPath(started.SeriesCode, started.ExchangeGlobalID) });
    } catch (failure) {
      setError(failureText(t, failure, 'exchange.basketFailed'));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.disabled || props.ticketCount === 0}
        onClick={() => setOpen(true)}
      >
        {t('exchange.action')}
      </button>
      {open && (
        <Modal title={t('exchange.confirmTitle')} onClose={() => !busy && setOpen(false)}>
          <p>{t('exchange.confirmText', { order: props.orderName, count: props.ticketCount })}</p>
          {error && (
            <p className="exchange-error" role="alert">
              {error}
            </p>
          )}
          <div className="staff-actions">
            <button type="button" className="button" disabled={busy} onClick={confirm}>
              {busy ? t('exchange.starting') : t('exchange.start')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              {t('exchange.cancel')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
