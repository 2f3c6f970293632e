import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { OrderBalance } from './counter-payment-api.ts';

/** A split tender under way: the order, the payments taken so far, and the balance left. */
export function BalancePanel(props: { balance: OrderBalance; locale: string; lastChange: number }) {
  const { t } = useTranslation('admin');
  const { balance } = props;
  const money = (minor: number) => formatMoney(minor, props.locale);
  return (
    <section className="staff-panel" data-testid="counter-balance-panel">
      <h2 className="staff-panel__title">{t('counterPayment.split.title', { order: balance.OrderName })}</h2>
      {props.lastChange > 0 && (
        <p className="counter-change" role="status">
          {t('counterPayment.cash.changeDue', { amount: money(props.lastChange) })}
        </p>
      )}
      <ul className="counter-payments">
        {balance.Payments.map((p) => (
          <li key={p.PaymentID}>
            <span>{p.PaymentMethodName ?? p.PaymentType}</span>
            <strong>{money(p.Amount)}</strong>
          </li>
        ))}
      </ul>
      <p className="counter-payments__left">
        {t('counterPayment.split.left', { amount: money(balance.BalanceDue) })}
      </p>
    </section>
  );
}
