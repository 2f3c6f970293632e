import { createRoute, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessChecking, AdminAccessError, AdminPageError } from '../features/staff/access-screens.tsx';
import { guardAdmin } from '../features/staff/admin-guard.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { roleName } from '../features/staff/role-name.ts';
import { Loading } from '../ui/loading.tsx';
import { rootRoute } from './root.tsx';

// Admin mode: every /admin/... page is for signed-in staff. The guard sends a signed-out visitor
// to the login page (and back after), shows a signed-in customer "not allowed", and gives staff
// pages their summary (name, role, permissions) in the route context. Pages needing a
// permission check it again before loading; the server checks every call too.
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: ({ location }) => guardAdmin(location.href),
  component: function Admin() {
    const { staff } = adminRoute.useRouteContext();
    return <AdminLayout staff={staff} />;
  },
  pendingComponent: AccessChecking,
  errorComponent: AdminAccessError,
});

/** The error screen of a page inside the admin layout, named by its admin string key. */
export const pageError = (titleKey: string) =>
  function AdminRouteError({ error }: { error: unknown }) {
    const { t } = useTranslation('admin');
    const { staff } = useRouteContext({ from: '/admin' });
    return <AdminPageError error={error} title={t(titleKey)} role={roleName(t, staff)} />;
  };

export const pageLoading = (labelKey: string) =>
  function AdminRouteLoading() {
    const { t } = useTranslation('admin');
    return <Loading label={t(labelKey)} />;
  };
