import { createRoute, notFound, useRouteContext } from '@tanstack/react-router';
import { requirePermission } from '../features/staff/admin-access.ts';
import { fetchAuditLog, fetchRoles, fetchStaff } from '../features/staff/admin-api.ts';
import { loadSignedIn } from '../features/staff/admin-guard.ts';
import { AdminHomeScreen } from '../features/staff/admin-home-screen.tsx';
import { AuditLogScreen } from '../features/staff/audit-log-screen.tsx';
import { BoxOfficeScreen } from '../features/staff/box-office-screen.tsx';
import { StaffScreen } from '../features/staff/staff-screen.tsx';
import { SellHomeScreen } from '../features/sell/sell-home-screen.tsx';
import { validateSellHomeSearch, validateStaffMapSearch } from '../features/sell/sell-search-params.ts';
import { StaffSeatMapScreen } from '../features/sell/staff-seat-map-screen.tsx';
import { StaffSeriesScreen } from '../features/sell/staff-series-screen.tsx';
import { StaffPlanScreen } from '../features/plans/staff-plan-screen.tsx';
import { CounterPaymentScreen } from '../features/counter/counter-payment-screen.tsx';
import { validateCounterPaymentSearch } from '../features/counter/counter-payment-search.ts';
import { StaffBasketScreen } from '../features/staff-basket/staff-basket-screen.tsx';
import { TillScreen } from '../features/till/till-screen.tsx';
import { ExchangePaymentScreen } from '../features/exchanges/exchange-payment-screen.tsx';
import { requireOrderViewing } from '../features/staff-orders/order-access.ts';
import { OrderScreen } from '../features/staff-orders/order-screen.tsx';
import { validateOrderSearch } from '../features/staff-orders/order-search-params.ts';
import { OrderSearchScreen } from '../features/staff-orders/order-search-screen.tsx';
import { tillSearchOf, validateTillSearch } from '../features/till/till-search.ts';
import { EventCancelScreen } from '../features/event-cancellation/event-cancel-screen.tsx';
import { CheckInScreen } from '../features/checkin/checkin-screen.tsx';
import { PaymentRequestsScreen } from '../features/payment-links/payment-requests-screen.tsx';
import { HouseSeatsScreen } from '../features/house-seats/house-seats-screen.tsx';
import { loadAdminStrings } from '../i18n/setup.ts';
import { rootRoute } from './root.tsx';
import { adminRoute, pageError, pageLoading } from './admin-shell.tsx';
import { eventTemplateRoutes } from './admin-event-templates.tsx';
import { venueRoutes } from './admin-venues.tsx';
import { performanceRoutes } from './admin-performances.tsx';
import { holdsRoutes } from './admin-holds.tsx';

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

// Admin pages not built yet say so (BoxOfficeScreen), inside the admin layout.
const boxOfficeRoute = <const Path extends string>(path: Path) =>
  createRoute({ getParentRoute: () => adminRoute, path, component: BoxOfficeScreen });

// The clerk's basket (also /admin/v2/checkout/basket with planType and seatQty) and its payment
// page, which sends an exchange basket to the exchange's own payment page.
const staffBasketRoute = <const Path extends string>(path: Path) =>
  createRoute({
    getParentRoute: () => adminRoute,
    path,
    beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
    component: function StaffBasket() {
      const { staff } = useRouteContext({ from: '/admin' });
      return <StaffBasketScreen staff={staff} />;
    },
    errorComponent: pageError('staffBasket.title'),
  });

const counterPaymentRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'checkout/payment',
  validateSearch: validateCounterPaymentSearch,
  beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
  component: function CounterPayment() {
    const { staff } = useRouteContext({ from: '/admin' });
    const { orderId } = counterPaymentRoute.useSearch();
    return <CounterPaymentScreen staff={staff} orderId={orderId} />;
  },
  errorComponent: pageError('counterPayment.title'),
});

// The clerk's selling screens (features/sell/): the home with its search, a series' dates and a
// performance's staff seat map.
const sellHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/sell-tickets',
  validateSearch: validateSellHomeSearch,
  beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
  component: function SellHome() {
    return <SellHomeScreen search={sellHomeRoute.useSearch()} />;
  },
  errorComponent: pageError('sell.title'),
});

// A plan sold at the counter; planType is plans or pairedplans, seatQty optional.
const staffPlanRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'selltickets/$planType/$planCode',
  // Kept as parsed: a number turned into text would be written back quoted (?seatQty=%222%22).
  validateSearch: (search: Record<string, unknown>): { seatQty?: string | number } =>
    typeof search.seatQty === 'string' || typeof search.seatQty === 'number'
      ? { seatQty: search.seatQty }
      : {},
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'sell');
    if (!/^(plans|pairedplans)$/i.test(params.planType)) throw notFound();
  },
  component: function StaffPlan() {
    const params = staffPlanRoute.useParams();
    return (
      <StaffPlanScreen
        planType={params.planType.toLowerCase()}
        planCode={params.planCode}
        seatQty={String(staffPlanRoute.useSearch().seatQty ?? '') || null}
      />
    );
  },
  errorComponent: pageError('sell.title'),
});

const staffSeriesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'selltickets/seriestickets/$seriesCode',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
  component: function StaffSeries() {
    return <StaffSeriesScreen seriesCode={staffSeriesRoute.useParams().seriesCode} />;
  },
  errorComponent: pageError('sell.title'),
});

const staffMapRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'selltickets/seriestickets/$seriesCode/$eventUrlName',
  validateSearch: validateStaffMapSearch,
  beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
  component: function StaffMap() {
    const params = staffMapRoute.useParams();
    return (
      <StaffSeatMapScreen
        seriesCode={params.seriesCode}
        eventUrlName={params.eventUrlName}
        search={staffMapRoute.useSearch()}
      />
    );
  },
  errorComponent: pageError('sell.mapError'),
});

// The till at shift close, for supervisors and up (viewReports).
const tillRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/till',
  validateSearch: validateTillSearch,
  beforeLoad: ({ context }) => requirePermission(context.staff, 'viewReports'),
  component: function Till() {
    const navigate = tillRoute.useNavigate();
    const search = tillSearchOf(tillRoute.useSearch());
    return <TillScreen search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
  },
  errorComponent: pageError('till.title'),
});

// An event cancelled with all its orders, for event admins (manageEvents).
const eventCancelRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event/$id/cancel',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  },
  component: function EventCancel() {
    return <EventCancelScreen eventId={Number(eventCancelRoute.useParams().id)} />;
  },
  errorComponent: pageError('eventCancel.title'),
});

// Check-in at the door (features/checkin/), for whoever scans tickets (checkIn).
const checkInRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event/$id/checkin',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'checkIn');
    if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  },
  component: function CheckIn() {
    return <CheckInScreen eventId={Number(checkInRoute.useParams().id)} />;
  },
  errorComponent: pageError('checkin.title'),
});

// Orders after the sale (features/staff-orders/): the search, linkable by its address, and an
// order's page with what the clerk may do to it; for those who sell or read reports.
const orderSearchRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders',
  validateSearch: validateOrderSearch,
  beforeLoad: ({ context }) => requireOrderViewing(context.staff),
  component: function OrderSearch() {
    return <OrderSearchScreen search={orderSearchRoute.useSearch()} />;
  },
  errorComponent: pageError('staffOrders.searchTitle'),
});

const orderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'orders/$orderId',
  beforeLoad: ({ context, params }) => {
    requireOrderViewing(context.staff);
    if (!/^\d{1,9}$/.test(params.orderId)) throw notFound();
  },
  component: function Order() {
    const { staff } = useRouteContext({ from: '/admin' });
    return <OrderScreen orderId={Number(orderRoute.useParams().orderId)} staff={staff} />;
  },
  errorComponent: pageError('staffOrders.loadFailed'),
});

// The exchange basket's payment page (features/exchange/): the counter's payment page sends an
// exchange basket here.
const exchangePaymentRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'checkout/exchange/payment',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'exchange'),
  component: ExchangePaymentScreen,
  errorComponent: pageError('exchange.pageTitle'),
});

// Group-sales payment requests and their links, for staff who sell.
const paymentRequestsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/payment-requests',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'sell'),
  component: PaymentRequestsScreen,
  errorComponent: pageError('paymentRequests.title'),
});

// House seats kept for guests, for staff who manage holds.
const houseSeatsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/house-seats',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageHolds'),
  component: HouseSeatsScreen,
  errorComponent: pageError('houseSeats.title'),
});

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
    orderSearchRoute,
    orderRoute,
    staffPlanRoute,
    staffSeriesRoute,
    staffMapRoute,
    staffBasketRoute('checkout/basket'),
    counterPaymentRoute,
    exchangePaymentRoute,
    staffBasketRoute('v2/checkout/basket'),
    sellHomeRoute,
    tillRoute,
    paymentRequestsRoute,
    houseSeatsRoute,
    ...eventTemplateRoutes,
    ...venueRoutes,
    ...performanceRoutes,
    eventCancelRoute,
    checkInRoute,
    boxOfficeRoute('v2/event/$id/attendance-map'),
    ...holdsRoutes,
    boxOfficeRoute('v2/event/$id/price-levels'),
    boxOfficeRoute('v2/event/$id/accessible-seating'),
    boxOfficeRoute('v2/event/$id/seat-tags'),
  ]),
  customNavRoute('/customclientnav/topnav'),
  customNavRoute('/customclientnav/footer'),
];
