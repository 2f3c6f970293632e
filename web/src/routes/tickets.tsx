import { createRoute } from '@tanstack/react-router';
import { MembershipCardScreen } from '../features/extras/coming-soon-screens.tsx';
import { BestAvailableScreen, SeatSelectionScreen } from '../features/inventory/coming-soon-screens.tsx';
import { WebTicketsScreen } from '../features/orders/coming-soon-screens.tsx';
import { PairedPlansScreen, PlansScreen } from '../features/plans/coming-soon-screens.tsx';
import { pageRoute } from './page-route.ts';
import { rootRoute } from './root.tsx';

// Also serves the two-part-show links /tickets/series/{templateCode}/{start}?planCode=..&isPaired=true.
const seatSelectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/series/$eventCode/$eventId',
  component: () => <SeatSelectionScreen eventCode={seatSelectionRoute.useParams().eventCode} />,
});

const bestAvailableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/series/$eventCode/$eventId/bestAvailable',
  component: () => <BestAvailableScreen eventCode={bestAvailableRoute.useParams().eventCode} />,
});

export const ticketRoutes = [
  seatSelectionRoute,
  bestAvailableRoute,
  pageRoute('/tickets/plans/$seriesCode', PlansScreen),
  pageRoute('/tickets/plans/$seriesCode/$slotId', PlansScreen),
  // Matching ignores case, so this one route is both /tickets/pairedplans/{seriesCode} and
  // /tickets/pairedPlans/{planCode}; the paired-plan screen tells a plan code from a series code.
  pageRoute('/tickets/pairedplans/$code', PairedPlansScreen),
  pageRoute('/tickets/bundle/$bundleId/event/$eventId', WebTicketsScreen),
  pageRoute('/tickets/membership/$membershipId/customer/$customerId', MembershipCardScreen),
];
