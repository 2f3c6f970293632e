import { useTranslation } from 'react-i18next';
import type { AccountOrder } from '../../../../adapters/http/contract/account.ts';
import { formatLocale } from '../../i18n/local-date.ts';
import { Modal } from '../../ui/modal.tsx';
import { closeDialog } from './close-dialog.ts';
import { eventDateText, orderDateText, orderMoney } from './order-format.ts';

/** The order-details modal: each ticket's event, venue, date on the venue's clock, seat and price. */
export function OrderDetailsModal(props: { order: AccountOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const { order } = props;
  const money = (minor: number) => orderMoney(minor, order.Currency, i18n.language);
  return (
    <Modal
      title={t('account.orders.detailsTitle', { name: order.Name })}
      onClose={props.onClose}
      className="account-modal account-modal--wide"
    >
      <dl className="account-facts account-facts--compact">
        <div>
          <dt>{t('account.orders.date')}</dt>
          <dd>{orderDateText(order.OrderDate, locale)}</dd>
        </div>
        <div>
          <dt>{t('account.orders.status')}</dt>
          <dd>{t(`account.orders.statusName.${order.Status}`, { defaultValue: order.Status })}</dd>
        </div>
        <div>
          <dt>{t('account.orders.delivery')}</dt>
          <dd>{order.DeliveryMethod?.Name ?? t('account.orders.noDelivery')}</dd>
        </div>
      </dl>
      <h3 className="account-items__title">{t('account.orders.items', { count: order.Items.length })}</h3>
      <ul className="account-items">
        {order.Items.map((item, i) => (
          <li key={i} className="account-item">
            <div>
              <p className="account-item__event">{item.EventName}</p>
              <p className="account-item__line">
                {item.VenueName} ·{' '}
                <time dateTime={item.EventDate}>{eventDateText(item.EventDate, item.TimeZone, locale)}</time>
              </p>
              <p className="account-item__line">
                {item.Seat ?? t('account.orders.generalAdmission')} · {item.PriceType}
              </p>
            </div>
            <span className="account-item__price">{money(item.Price)}</span>
          </li>
        ))}
      </ul>
      <p className="account-items__total">
        <span>{t('account.orders.total')}</span> <strong>{money(order.Total)}</strong>
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={closeDialog}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
