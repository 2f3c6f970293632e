import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from './account-api.ts';
import { setAccount, useAccount } from './use-account.ts';
import { useDisclosure } from './use-disclosure.ts';

/** The signed-in person's dropdown: their account and orders (staff: the box office), sign out. */
export function AccountMenu(props: { name: string; staff?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useAccount();
  const menu = useDisclosure();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    const answer = await logout().catch(() => undefined);
    menu.close();
    // Home first: signed out on an account page, that page would go to sign-in instead.
    await navigate({ to: '/' });
    if (answer) setAccount(answer);
    // Signed out or not, the page asks the server who is signed in now.
    await refresh();
    setLeaving(false);
  };

  return (
    <div className="account-control account-dropdown" {...menu.rootProps}>
      <button {...menu.buttonProps} className="account-control__toggle">
        <span className="account-control__avatar" aria-hidden="true">
          {props.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="account-control__name">{props.name}</span>
        <span className="visually-hidden">{t('account.menu.yourAccount')}</span>
        <span className="account-dropdown__chevron" aria-hidden="true" />
      </button>
      <ul
        id={menu.panelId}
        className="account-dropdown__panel account-dropdown__list account-control__panel"
        hidden={!menu.open}
      >
        {props.staff ? (
          <li>
            <a href="/admin" onClick={() => menu.close()}>
              {t('account.menu.boxOffice')}
            </a>
          </li>
        ) : (
          <>
            <li>
              <Link to="/account/details" onClick={() => menu.close()}>
                {t('account.menu.details')}
              </Link>
            </li>
            <li>
              <Link to="/account/details" hash="orders" onClick={() => menu.close()}>
                {t('account.menu.orders')}
              </Link>
            </li>
          </>
        )}
        <li>
          <button type="button" disabled={leaving} onClick={() => void signOut()}>
            {leaving ? t('account.menu.signingOut') : t('account.menu.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
