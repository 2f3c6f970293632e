import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountOrder } from '../../../../adapters/http/contract/account.ts';
import { formatLocale } from '../../i18n/local-date.ts';
import { Loading } from '../../ui/loading.tsx';
import { fetchOrders, resendTickets } from './account-api.ts';
import { failureText } from '../../api/failure-text.ts';
import { OrderActionsMenu } from './order-actions-menu.tsx';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { orderDateText, orderMoney } from './order-format.ts';

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly orders: readonly AccountOrder[] }
  | { readonly status: 'error'; readonly message: string };

/** What the last Resend Tickets of an order said. */
interface Resent {
  readonly orderId: number;
  readonly ok: boolean;
  readonly message: string;
}

/** The customer's orders, newest first as the server lists them, each with its actions. */
export function OrdersSection() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = formatLocale(i18n.language);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [viewing, setViewing] = useState<AccountOrder | null>(null);
  const [resending, setResending] = useState<number | null>(null);
  const [resent, setResent] = useState<Resent | null>(null);

  useEffect(() => {
    let current = true;
    fetchOrders().then(
      (orders) => current && setLoad({ status: 'ready', orders }),
      (error: unknown) => current && setLoad({ status: 'error', message: failureText(t, error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const resend = async (order: AccountOrder) => {
    setResending(order.ID);
    setResent(null);
    try {
      const answer = await resendTickets(order.ID);
      setResent({ orderId: order.ID, ok: true, message: answer.Message });
    } catch (error) {
      setResent({ orderId: order.ID, ok: false, message: failureText(t, error) });
    } finally {
      setResending(null);
    }
  };

  return (
    <section id="orders" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.orders.heading')}</h2>
      </div>
      {load.status === 'loading' && <Loading label={t('account.orders.loading')} />}
      {load.status === 'error' && (
        <div className="account-alert account-alert--with-action" role="alert">
          <p>{load.message}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && load.orders.length === 0 && (
        <p className="account-empty">
          {t('account.orders.none')} <Link to="/">{t('account.orders.browse')}</Link>
        </p>
      )}
      {load.status === 'ready' && load.orders.length > 0 && (
        <ul className="account-orders">
          {load.orders.map((order) => (
            <li key={order.ID} className="account-order" data-testid={`account-order-${order.ID}`}>
              <div className="account-order__main">
                <h3 className="account-order__name">{order.Name}</h3>
                <p className="account-order__events">
                  {[...new Set(order.Items.map((item) => item.EventName))].join(' · ')}
                </p>
              </div>
              <dl className="account-order__facts">
                <div>
                  <dt>{t('account.orders.date')}</dt>
                  <dd>
                    <time dateTime={order.OrderDate}>{orderDateText(order.OrderDate, locale)}</time>
                  </dd>
                </div>
                <div>
                  <dt>{t('account.orders.total')}</dt>
                  <dd>{orderMoney(order.Total, order.Currency, i18n.language)}</dd>
                </div>
                <div>
                  <dt>{t('account.orders.status')}</dt>
                  <dd>{t(`account.orders.statusName.${order.Status}`, { defaultValue: order.Status })}</dd>
                </div>
              </dl>
              <OrderActionsMenu
                order={order}
                resending={resending === order.ID}
                onView={() => setViewing(order)}
                onResend={() => void resend(order)}
              />
              <p
                className={`account-order__message${resent?.orderId === order.ID && !resent.ok ? ' account-order__message--error' : ''}`}
                role="status"
              >
                {resending === order.ID
                  ? t('account.orders.resending')
                  : resent?.orderId === order.ID
                    ? resent.message
                    : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {viewing && <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
