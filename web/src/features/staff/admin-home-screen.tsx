import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { hasPermission } from './admin-access.ts';
import { adminAreasOfStaff } from './admin-areas.ts';
import { AuditLookup } from './audit-lookup.tsx';
import { isPermission, orderedPermissions, permissionKey } from './permission-words.ts';
import { roleName } from './role-name.ts';

/** /admin: who is signed in, what their role lets them do, and links to the working areas they may use. */
export function AdminHomeScreen(props: { staff: StaffSummary }) {
  const { t } = useTranslation('admin');
  const { staff } = props;
  usePageTitle(t('adminHome.title'));
  const permissions = orderedPermissions(staff.Permissions);
  return (
    <div className="admin-home">
      <div className="page-intro">
        <p className="eyebrow">{t('adminHome.title')}</p>
        <h1>{t('adminHome.welcome', { name: staff.Name })}</h1>
        <p>{t('adminHome.role', { role: roleName(t, staff) })}</p>
      </div>

      <section className="admin-card" aria-labelledby="admin-areas">
        <h2 id="admin-areas">{t('adminHome.areasTitle')}</h2>
        <ul className="admin-areas">
          {adminAreasOfStaff(staff).map((area) => (
            <li key={area.id}>
              <Link to={area.to} className="admin-area" data-testid={`admin-area-${area.id}`}>
                <span className="admin-area__name">{t(area.nameKey)}</span>
                <span className="admin-area__body">{t(area.bodyKey)}</span>
              </Link>
            </li>
          ))}
          {hasPermission(staff, 'viewReports') && (
            <li className="admin-area admin-area--form">
              <AuditLookup />
            </li>
          )}
        </ul>
      </section>

      <section className="admin-card" aria-labelledby="admin-permissions">
        <h2 id="admin-permissions">{t('adminHome.permissionsTitle')}</h2>
        {permissions.length === 0 ? (
          <p>{t('adminHome.noPermissions')}</p>
        ) : (
          <ul className="admin-permissions" data-testid="admin-permissions">
            {permissions.map((p) => (
              <li key={p}>{isPermission(p) ? t(permissionKey(p)) : p}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
