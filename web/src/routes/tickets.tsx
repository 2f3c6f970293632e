import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateSeriesSearch } from '../features/catalogue/series-search.ts';
import { PairedPlansScreen, PlansScreen } from '../features/plans/plan-screen.tsx';
import { prefetchFromLocation, prefetchSeatMapFor } from '../features/seatmap/seatmap-api.ts';
import { pageRoute } from './page-route.ts';
import { rootRoute } from './root.tsx';

const loadSeatSelectionScreen = () => import('../features/seatmap/seat-selection-screen.tsx');
// Opened straight on a seat map: its data and code start loading with the app, not after it.
if (prefetchFromLocation()) void loadSeatSelectionScreen();

// Also serves the two-part-show links /tickets/series/{templateCode}/{start}?planCode=..&isPaired=true.
const seatSelectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/series/$eventCode/$eventId',
  validateSearch: validateSeriesSearch,
  // Starts reading the map while the screen's code (Leaflet included, a chunk of its own) loads.
  loader: ({ params, location }) => prefetchSeatMapFor(params.eventId, location.search),
  shouldReload: false,
  component: lazyRouteComponent(loadSeatSelectionScreen, 'SeatSelectionRoute'),
});

const bestAvailableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/series/$eventCode/$eventId/bestAvailable',
  component: lazyRouteComponent(
    () => import('../features/best-available/best-available-screen.tsx'),
    'BestAvailableRoute',
  ),
});

// Its own chunk: the QR drawing (bwip-js) is only needed on this page.
const webTicketsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/bundle/$bundleId/event/$eventId',
  component: lazyRouteComponent(
    () => import('../features/web-tickets/web-tickets-screen.tsx'),
    'WebTicketsRoute',
  ),
});

// Its own chunk too: the card's QR code is drawn like the web tickets'.
const membershipCardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/membership/$membershipId/customer/$customerId',
  component: lazyRouteComponent(
    () => import('../features/memberships/membership-card-screen.tsx'),
    'MembershipCardRoute',
  ),
});

export const ticketRoutes = [
  seatSelectionRoute,
  bestAvailableRoute,
  pageRoute('/tickets/plans/$seriesCode', PlansScreen),
  pageRoute('/tickets/plans/$seriesCode/$slotId', PlansScreen),
  // Matching ignores case, so this one route is both /tickets/pairedplans/{seriesCode} and
  // /tickets/pairedPlans/{planCode}; the paired-plan screen tells a plan code from a series code.
  pageRoute('/tickets/pairedplans/$code', PairedPlansScreen),
  webTicketsRoute,
  membershipCardRoute,
];
