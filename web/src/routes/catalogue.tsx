import { createRoute } from '@tanstack/react-router';
import { HomeError, HomeLoading, HomeScreen } from '../features/catalogue/home-screen.tsx';
import { loadSeries } from '../features/catalogue/load-series.ts';
import { loadWhatsOn } from '../features/catalogue/load-whats-on.ts';
import {
  SeriesError,
  SeriesLoading,
  SeriesNotFound,
  SeriesScreen,
} from '../features/catalogue/series-screen.tsx';
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
  component: Series,
  pendingComponent: SeriesLoading,
  errorComponent: SeriesError,
  notFoundComponent: () => <SeriesNotFound code={seriesRoute.useParams().eventCode} />,
});

function Series() {
  return <SeriesScreen data={seriesRoute.useLoaderData()} search={seriesRoute.useSearch()} />;
}

export const catalogueRoutes = [homeRoute, seriesRoute];
