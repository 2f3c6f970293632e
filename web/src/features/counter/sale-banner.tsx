import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { takeSaleFlash, type SaleFlash } from './sale-flash.ts';
import { SalePrinting } from './sale-printing.tsx';
import './counter-payment.css';

/**
 * The banner naming the order just sold at the counter, on the admin page the clerk lands on
 * after the payment page (the sell-tickets screen). Rendered by the admin layout.
 */
export function CounterSaleBanner() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const [flash, setFlash] = useState<SaleFlash | null>(null);
  const [printing, setPrinting] = useState(false);
  const onBusy = useCallback((busy: boolean) => setPrinting(busy), []);
  useEffect(() => {
    if (pathname.startsWith('/admin/checkout/')) return;
    const next = takeSaleFlash();
    if (next) setFlash(next);
  }, [pathname]);
  if (!flash) return null;
  const money = (minor: number) => formatMoney(minor, flash.locale);
  return (
    <div className="notice counter-sale-banner" role="status" data-testid="counter-sale-banner">
      <div className="counter-sale-banner__body">
        <p>
          <strong>
            {flash.balanceDue > 0
              ? t('counterPayment.done.invoiced', { order: flash.orderName, amount: money(flash.balanceDue) })
              : t('counterPayment.done.paid', { order: flash.orderName })}
          </strong>
          {flash.changeDue > 0 && <> {t('counterPayment.done.change', { amount: money(flash.changeDue) })}</>}
        </p>
        {flash.awaitingPrint && (
          <SalePrinting orderId={flash.orderId} paid={flash.balanceDue <= 0} onBusy={onBusy} />
        )}
      </div>
      <button type="button" className="link-button" disabled={printing} onClick={() => setFlash(null)}>
        {t('staffBasket.dismiss')}
      </button>
    </div>
  );
}
