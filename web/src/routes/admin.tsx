import { createRoute } from '@tanstack/react-router';
import { BoxOfficeScreen } from '../features/admin/box-office-screen.tsx';
import { loadAdminStrings } from '../i18n/setup.ts';
import { rootRoute } from './root.tsx';

// Admin screens read the admin string table; the loader fetches it before the screen shows.
const adminRoute = <const Path extends string>(path: Path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    loader: () => loadAdminStrings(),
    component: BoxOfficeScreen,
  });

export const adminRoutes = [
  // planType is plans or pairedplans.
  adminRoute('/admin/selltickets/$planType/$planCode'),
  adminRoute('/admin/selltickets/seriestickets/$seriesCode'),
  adminRoute('/admin/selltickets/seriestickets/$seriesCode/$eventUrlName'),
  adminRoute('/admin/checkout/basket'),
  adminRoute('/admin/checkout/payment'),
  adminRoute('/admin/checkout/exchange/payment'),
  adminRoute('/admin/v2/checkout/basket'),
  adminRoute('/admin/v2/sell-tickets'),
  adminRoute('/admin/v2/event/$id/attendance-map'),
  adminRoute('/admin/v2/event/$id/holds'),
  adminRoute('/admin/v2/event/$id/price-levels'),
  adminRoute('/admin/v2/event/$id/accessible-seating'),
  adminRoute('/admin/v2/event/$id/seat-tags'),
  adminRoute('/customclientnav/topnav'),
  adminRoute('/customclientnav/footer'),
];
