import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { isApiError } from '../../api/api-error.ts';
import { logout, SIGNED_OUT } from '../accounts/account-api.ts';
import { setAccount } from '../accounts/use-account.ts';
import { mayViewOrders } from '../staff-orders/order-access.ts';
import { hasPermission } from './admin-access.ts';
import { roleName } from './role-name.ts';

/** The staff member's bar above every admin page: who, their role, the admin areas, sign-out. */
export function AdminHeader(props: { staff: StaffSummary }) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const { staff } = props;
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    setFailed(false);
    try {
      setAccount(await logout());
    } catch (error) {
      // 401: the session had ended already, which is what was wanted.
      if (!isApiError(error) || error.status !== 401) {
        setSigningOut(false);
        setFailed(true);
        return;
      }
      setAccount(SIGNED_OUT);
    }
    await router.navigate({ href: '/account/login', replace: true });
  };

  return (
    <header className="admin-header">
      <div className="admin-header__who">
        <span className="admin-header__badge" aria-hidden="true">
          {t('adminNav.label')}
        </span>
        <p>
          <span className="visually-hidden">{t('adminNav.signedInAs')} </span>
          <strong className="admin-header__name" data-testid="admin-staff-name">
            {staff.Name}
          </strong>
          <span className="admin-header__role" data-testid="admin-staff-role">
            {roleName(t, staff)}
          </span>
        </p>
      </div>
      <nav className="admin-nav" aria-label={t('adminNav.label')}>
        <ul>
          <li>
            <Link to="/admin" activeOptions={{ exact: true }}>
              {t('adminNav.home')}
            </Link>
          </li>
          {hasPermission(staff, 'manageStaff') && (
            <li>
              <Link to="/admin/staff">{t('adminNav.staff')}</Link>
            </li>
          )}
          <li>
            <Link to="/admin/v2/sell-tickets">{t('adminNav.sellTickets')}</Link>
          </li>
          {mayViewOrders(staff) && (
            <li>
              <Link to="/admin/orders">{t('adminNav.orders')}</Link>
            </li>
          )}
          {hasPermission(staff, 'viewReports') && (
            <li>
              <Link to="/admin/v2/till">{t('adminNav.till')}</Link>
            </li>
          )}
          {hasPermission(staff, 'sell') && (
            <li>
              <Link to="/admin/v2/payment-requests">{t('adminNav.paymentRequests')}</Link>
            </li>
          )}
          {hasPermission(staff, 'manageHolds') && (
            <li>
              <Link to="/admin/v2/house-seats">{t('adminNav.houseSeats')}</Link>
            </li>
          )}
        </ul>
      </nav>
      <div className="admin-header__actions">
        <Link to="/" className="admin-header__storefront">
          {t('adminNav.storefront')}
        </Link>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void onSignOut()}
          disabled={signingOut}
        >
          {signingOut ? t('adminNav.signingOut') : t('adminNav.signOut')}
        </button>
      </div>
      {failed && (
        <p className="admin-header__error" role="alert">
          {t('adminNav.signOutFailed')}
        </p>
      )}
    </header>
  );
}
