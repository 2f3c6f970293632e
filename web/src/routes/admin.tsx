import { createRoute, notFound, useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessChecking, AdminAccessError, AdminPageError } from '../features/admin/access-screens.tsx';
import { requirePermission } from '../features/admin/admin-access.ts';
import { fetchAuditLog, fetchRoles, fetchStaff } from '../features/admin/admin-api.ts';
import { guardAdmin, loadSignedIn } from '../features/admin/admin-guard.ts';
import { AdminHomeScreen } from '../features/admin/admin-home-screen.tsx';
import { AdminLayout } from '../features/admin/admin-layout.tsx';
import { AuditLogScreen } from '../features/admin/audit-log-screen.tsx';
import { BoxOfficeScreen } from '../features/admin/box-office-screen.tsx';
import { StaffScreen } from '../features/admin/staff-screen.tsx';
import { Loading } from '../ui/loading.tsx';
import { loadAdminStrings } from '../i18n/setup.ts';
import { rootRoute } from './root.tsx';

// Admin mode: every /admin/... page is for signed-in staff. The guard sends a signed-out visitor
// to the login page (and back after), shows a signed-in customer "not allowed", and gives staff
// pages their summary (name, role, permissions) in the route context. Pages needing a
// permission check it again before loading; the server checks every call too.
const adminRoute = createRoute({
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
const pageError = (titleKey: string) =>
  function AdminRouteError({ error }: { error: unknown }) {
    const { t } = useTranslation('admin');
    const { staff } = useRouteContext({ from: '/admin' });
    return <AdminPageError error={error} title={t(titleKey)} role={staff.RoleName} />;
  };

const pageLoading = (labelKey: string) =>
  function AdminRouteLoading() {
    const { t } = useTranslation('admin');
    return <Loading label={t(labelKey)} />;
  };

const homeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: function AdminHome() {
    const { staff } = homeRoute.useRouteContext();
    return <AdminHomeScreen staff={staff} />;
  },
});

const staffRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'staff',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageStaff'),
  loader: ({ abortController, location }) =>
    loadSignedIn(location.href, async () => {
      const [staff, roles] = await Promise.all([
        fetchStaff(abortController.signal),
        fetchRoles(abortController.signal),
      ]);
      return { staff, roles };
    }),
  component: function Staff() {
    const { staff, roles } = staffRoute.useLoaderData();
    const me = staffRoute.useRouteContext().staff;
    return <StaffScreen staff={staff} roles={roles} selfId={me.ID} />;
  },
  pendingComponent: pageLoading('staff.loading'),
  errorComponent: pageError('staff.error'),
});

const auditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId/audit',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'viewReports'),
  loader: ({ params, abortController, location }) => {
    if (!/^\d+$/.test(params.orderId)) throw notFound();
    return loadSignedIn(location.href, () => fetchAuditLog(params.orderId, abortController.signal));
  },
  component: function AuditLog() {
    const rows = auditRoute.useLoaderData();
    const { orderId } = auditRoute.useParams();
    return <AuditLogScreen orderId={orderId} rows={rows} />;
  },
  pendingComponent: pageLoading('audit.loading'),
  errorComponent: pageError('audit.error'),
});

// The box office's selling screens say "coming soon", inside the admin layout.
const boxOfficeRoute = <const Path extends string>(path: Path) =>
  createRoute({ getParentRoute: () => adminRoute, path, component: BoxOfficeScreen });

// The custom navigation frames are not admin pages: no sign-in, no admin layout.
const customNavRoute = <const Path extends string>(path: Path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: () => loadAdminStrings(),
    component: BoxOfficeScreen,
  });

export const adminRoutes = [
  adminRoute.addChildren([
    homeRoute,
    staffRoute,
    auditRoute,
    // planType is plans or pairedplans.
    boxOfficeRoute('selltickets/$planType/$planCode'),
    boxOfficeRoute('selltickets/seriestickets/$seriesCode'),
    boxOfficeRoute('selltickets/seriestickets/$seriesCode/$eventUrlName'),
    boxOfficeRoute('checkout/basket'),
    boxOfficeRoute('checkout/payment'),
    boxOfficeRoute('checkout/exchange/payment'),
    boxOfficeRoute('v2/checkout/basket'),
    boxOfficeRoute('v2/sell-tickets'),
    boxOfficeRoute('v2/event/$id/attendance-map'),
    boxOfficeRoute('v2/event/$id/holds'),
    boxOfficeRoute('v2/event/$id/price-levels'),
    boxOfficeRoute('v2/event/$id/accessible-seating'),
    boxOfficeRoute('v2/event/$id/seat-tags'),
  ]),
  customNavRoute('/customclientnav/topnav'),
  customNavRoute('/customclientnav/footer'),
];
