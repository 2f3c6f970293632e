import { createRoute, notFound } from '@tanstack/react-router';
import { requirePermission } from '../features/staff/admin-access.ts';
import { loadSignedIn } from '../features/staff/admin-guard.ts';
import { loadHoldsPage } from '../features/holds/holds-api.ts';
import { HoldsScreen } from '../features/holds/holds-screen.tsx';
import { adminRoute, pageError, pageLoading } from './admin-shell.tsx';

// A performance's holds, for staff who manage holds (manageHolds): the screen is
// web/src/features/holds/holds-screen.tsx.

const ID = /^\d{1,9}$/;

const holdsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event/$id/holds',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageHolds');
    if (!ID.test(params.id)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => loadHoldsPage(Number(params.id), abortController.signal)),
  component: function Holds() {
    const data = holdsRoute.useLoaderData();
    return <HoldsScreen key={data.event.ID} data={data} />;
  },
  pendingComponent: pageLoading('holds.loading'),
  errorComponent: pageError('holds.error'),
});

export const holdsRoutes = [holdsRoute];
