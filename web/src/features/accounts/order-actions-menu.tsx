import { useTranslation } from 'react-i18next';
import type { AccountOrder } from '../../../../adapters/http/contract/account.ts';
import { useDisclosure } from './use-disclosure.ts';

/** An order's actions: View Order Details, and Resend Tickets when the order allows it. */
export function OrderActionsMenu(props: {
  order: AccountOrder;
  resending: boolean;
  onView: () => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const menu = useDisclosure();
  const choose = (action: () => void) => {
    menu.close(true);
    action();
  };
  return (
    <div className="account-dropdown account-order__actions" {...menu.rootProps}>
      <button
        {...menu.buttonProps}
        className="button button--secondary button--small account-dropdown__toggle"
      >
        {t('account.orders.actions')}
        <span className="visually-hidden"> {props.order.Name}</span>
        <span className="account-dropdown__chevron" aria-hidden="true" />
      </button>
      <ul id={menu.panelId} className="account-dropdown__panel account-dropdown__list" hidden={!menu.open}>
        <li>
          <button type="button" onClick={() => choose(props.onView)}>
            {t('account.orders.view')}
          </button>
        </li>
        {props.order.CanResendTickets && (
          <li>
            <button type="button" disabled={props.resending} onClick={() => choose(props.onResend)}>
              {t('account.orders.resend')}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
