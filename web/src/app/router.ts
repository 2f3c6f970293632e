import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from '../routes/account.tsx';
import { adminRoutes } from '../routes/admin.tsx';
import { catalogueRoutes } from '../routes/catalogue.tsx';
import { checkoutRoutes } from '../routes/checkout.tsx';
import { extrasRoutes } from '../routes/extras.tsx';
import { otherRoutes } from '../routes/other.tsx';
import { outboxRoutes } from '../routes/outbox.tsx';
import { paymentRoutes } from '../routes/payment.tsx';
import { rootRoute } from '../routes/root.tsx';
import { ticketRoutes } from '../routes/tickets.tsx';
import { createCanonicalHistory } from './canonical-history.ts';

// Every screen route of the storefront, matched ignoring case (the router's default): old links
// and bookmarks use other capitalisations.
const routeTree = rootRoute.addChildren([
  ...catalogueRoutes,
  ...ticketRoutes,
  ...extrasRoutes,
  ...checkoutRoutes,
  ...paymentRoutes,
  ...otherRoutes,
  ...outboxRoutes,
  ...accountRoutes,
  ...adminRoutes,
]);

export const router = createRouter({
  routeTree,
  history: createCanonicalHistory(),
  trailingSlash: 'never',
  // The scroll position is remembered per path and restored on return.
  scrollRestoration: true,
  getScrollRestorationKey: (location) => location.pathname.toLowerCase(),
  defaultPreload: 'intent',
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
