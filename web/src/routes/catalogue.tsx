import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { HomeError, HomeLoading, HomeScreen } from '../features/catalogue/home-screen.tsx';
import { loadSeries } from '../features/catalogue/load-series.ts';
import { loadWhatsOn } from '../features/catalogue/load-whats-on.ts';
import { SeriesError, SeriesLoading, SeriesNotFound } from '../features/catalogue/series-states.tsx';
import { validateSeriesSearch } from '../features/catalogue/series-search.ts';
import { rootRoute } from './root.tsx';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ abortController }) => loadWhatsOn(abortController.signal),
  component: Home,
  pendingComponent: HomeLoading,
  errorComponent: HomeError,
});

function Home() {
  return <HomeScreen series={homeRoute.useLoaderData()} />;
}

export const seriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tickets/series/$eventCode',
  validateSearch: validateSeriesSearch,
  loader: ({ params, abortController }) => loadSeries(params.eventCode, abortController.signal),
  // The series itself loads once per code; months, promotions and selection live in the query
  // and the screen loads what they need.
  shouldReload: false,
  // The screen is its own chunk: other routes (seat selection above all) do not carry it.
  component: lazyRouteComponent(() => import('../features/catalogue/series-page.tsx'), 'SeriesPage'),
  pendingComponent: SeriesLoading,
  errorComponent: SeriesError,
  notFoundComponent: () => <SeriesNotFound code={seriesRoute.useParams().eventCode} />,
});

export const catalogueRoutes = [homeRoute, seriesRoute];
