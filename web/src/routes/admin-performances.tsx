import { createRoute, notFound } from '@tanstack/react-router';
import { requirePermission } from '../features/staff/admin-access.ts';
import { loadSignedIn } from '../features/staff/admin-guard.ts';
import { EventPricesScreen } from '../features/performances/event-prices-screen.tsx';
import {
  fetchEventPrices,
  fetchPerformance,
  fetchPerformances,
  fetchTemplatePrices,
} from '../features/performances/performances-api.ts';
import { PerformanceEditScreen } from '../features/performances/performance-edit-screen.tsx';
import { PerformancesScreen } from '../features/performances/performances-screen.tsx';
import { TemplatePricesScreen } from '../features/performances/template-prices-screen.tsx';
import { adminRoute, pageError, pageLoading } from './admin-shell.tsx';

// A template's performances and prices, and one performance's edit and prices, for staff who
// manage events (their screens in web/src/features/performances/).

const ID = /^\d{1,9}$/;

const templatePerformancesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event-templates/$templateId/performances',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.templateId)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => fetchPerformances(Number(params.templateId), abortController.signal)),
  component: function TemplatePerformances() {
    return <PerformancesScreen view={templatePerformancesRoute.useLoaderData()} />;
  },
  pendingComponent: pageLoading('performances.loading'),
  errorComponent: pageError('performances.loadFailed'),
});

const templatePricesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event-templates/$templateId/prices',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.templateId)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => fetchTemplatePrices(Number(params.templateId), abortController.signal)),
  component: function TemplatePrices() {
    const view = templatePricesRoute.useLoaderData();
    // A reload after someone else's save brings a new version: the grid starts again from it.
    return <TemplatePricesScreen key={view.Version} view={view} />;
  },
  pendingComponent: pageLoading('performances.loading'),
  errorComponent: pageError('performances.loadFailed'),
});

const performanceEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event/$id/edit',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.id)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => fetchPerformance(Number(params.id), abortController.signal)),
  component: function PerformanceEdit() {
    const performance = performanceEditRoute.useLoaderData();
    return <PerformanceEditScreen key={performance.Version} performance={performance} />;
  },
  pendingComponent: pageLoading('performances.loading'),
  errorComponent: pageError('performances.loadFailed'),
});

const performancePricesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event/$id/prices',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.id)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => fetchEventPrices(Number(params.id), abortController.signal)),
  component: function PerformancePrices() {
    const view = performancePricesRoute.useLoaderData();
    return <EventPricesScreen key={view.Version} view={view} />;
  },
  pendingComponent: pageLoading('performances.loading'),
  errorComponent: pageError('performances.loadFailed'),
});

export const performanceRoutes = [
  templatePerformancesRoute,
  templatePricesRoute,
  performanceEditRoute,
  performancePricesRoute,
];
