import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { isApiError } from '../../api/api-error.ts';
import { logout, SIGNED_OUT } from '../accounts/account-api.ts';
import { setAccount } from '../accounts/use-account.ts';
import { adminAreasOfStaff } from './admin-areas.ts';
import { roleName } from './role-name.ts';

/**
 * The staff member's bar above every admin page: who, their role, the admin areas they may use
 * (the admin home's list, admin-areas.ts), sign-out.
 */
export function AdminHeader(props: { staff: StaffSummary }) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const { staff } = props;
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // On a narrow screen the areas scroll sideways: bring the current one into view, never
  // leaving it out of reach past the edge.
  useEffect(() => {
    const scroller = nav.current;
    const current = scroller?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!scroller || !current) return;
    const left = current.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < scroller.scrollLeft || right > scroller.scrollLeft + scroller.clientWidth)
      scroller.scrollLeft = Math.max(0, left - (scroller.clientWidth - current.offsetWidth) / 2);
  }, [pathname]);

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
      <nav className="admin-nav" aria-label={t('adminNav.label')} ref={nav}>
        <ul>
          <li>
            <Link to="/admin" activeOptions={{ exact: true }}>
              {t('adminNav.home')}
            </Link>
          </li>
          {adminAreasOfStaff(staff).map((area) => (
            <li key={area.id}>
              <Link to={area.to} data-testid={`admin-nav-${area.id}`}>
                {t(area.navKey)}
              </Link>
            </li>
          ))}
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
