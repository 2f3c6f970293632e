import { MembershipsScreen, ProductsScreen } from '../features/extras/coming-soon-screens.tsx';
import { pageRoute } from './page-route.ts';

export const extrasRoutes = [
  pageRoute('/products/$eventId/selection', ProductsScreen),
  pageRoute('/memberships/$etCode', MembershipsScreen),
  pageRoute('/memberships/$etCode/$eventSlug', MembershipsScreen),
];
