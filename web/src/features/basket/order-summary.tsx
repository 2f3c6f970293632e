import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { Modal } from '../../ui/modal.tsx';
import type { BasketData } from './basket-api.ts';
import { ticketFeeLines, totalsView, type TotalsRow } from './totals.ts';

const rowLabel = (row: TotalsRow, t: TFunction): string => {
  switch (row.kind) {
    case 'tickets':
      return t('basket.summary.tickets', { count: row.count });
    case 'fees':
      return t('basket.summary.fees');
    case 'feesAtCheckout':
      return t('basket.summary.feesAtCheckout');
    case 'products':
      return t('basket.summary.products');
    case 'memberships':
      return t('basket.summary.memberships', { count: row.count });
    case 'giftCertificates':
      return t('basket.summary.giftCertificates', { count: row.count });
    case 'delivery':
      return t('basket.summary.delivery');
    case 'orderFee':
      return row.name || t('basket.summary.orderFee');
  }
};

/** The totals (server figures, split into lines) and the ticket-and-fees popup. */
export function OrderSummary(props: { basket: BasketData; hideFees: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [showFees, setShowFees] = useState(false);
  const money = (minor: number) => formatMoney(minor, props.basket.CurrencyLocale);
  const view = totalsView(props.basket, props.hideFees);
  return (
    <section className="basket-panel basket-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('basket.summary.title')}
      </h2>
      <dl className="basket-totals" data-testid="basket-totals">
        {view.rows.map((row, i) => (
          <div key={`${row.kind}-${i}`}>
            <dt>
              {row.kind === 'products' ? (
                <>
                  <span>{rowLabel(row, t)}</span>{' '}
                  <span className="basket-totals__count">
                    {t('basket.summary.itemCount', { count: row.count })}
                  </span>
                </>
              ) : (
                rowLabel(row, t)
              )}
            </dt>
            <dd>{'amount' in row ? money(row.amount) : ''}</dd>
          </div>
        ))}
        <div className="basket-totals__total">
          <dt>{t('basket.summary.total')}</dt>
          <dd data-testid="basket-total">{money(view.total)}</dd>
        </div>
      </dl>
      {!props.hideFees && props.basket.TicketFeeTotal + props.basket.OrderLevelFeeTotal > 0 && (
        <button type="button" className="link-button basket-summary__fees" onClick={() => setShowFees(true)}>
          {t('basket.summary.feeDetails')}
        </button>
      )}
      {showFees && <FeesModal basket={props.basket} onClose={() => setShowFees(false)} />}
    </section>
  );
}

/** The ticket-and-fees subtotal popup. */
export function FeesModal(props: { basket: BasketData; onClose: () => void }) {
  const { t } = useTranslation();
  const { basket } = props;
  const money = (minor: number) => formatMoney(minor, basket.CurrencyLocale);
  const count = basket.TicketItems.reduce((n, i) => n + i.Quantity, 0);
  return (
    <Modal title={t('basket.fees.title')} onClose={props.onClose}>
      <dl className="basket-totals">
        <div>
          <dt>{t('basket.summary.tickets', { count })}</dt>
          <dd>{money(basket.TicketTotal)}</dd>
        </div>
        {ticketFeeLines(basket).map((line) => (
          <div key={line.name || 'other'}>
            <dt>{line.name || t('basket.summary.otherFees')}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        <div className="basket-totals__total">
          <dt>{t('basket.fees.ticketsAndFees')}</dt>
          <dd>{money(basket.TicketAndFeeTotal)}</dd>
        </div>
      </dl>
      {basket.OrderLevelFees.length > 0 && (
        <p className="basket-totals__note">
          {basket.OrderLevelFees.map((fee) =>
            t('basket.fees.orderFee', { name: fee.Name, amount: money(fee.Value) }),
          ).join(' ')}
        </p>
      )}
    </Modal>
  );
}
