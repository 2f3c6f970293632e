import { getRouteApi } from '@tanstack/react-router';
import { SeriesScreen } from './series-screen.tsx';

const route = getRouteApi('/tickets/series/$eventCode');

/** The series route's screen, loaded with the route (its own chunk, off the other routes' way). */
export function SeriesPage() {
  const data = route.useLoaderData();
  // A new series (previous or next season) starts with a fresh screen.
  return <SeriesScreen key={data.series.Code} data={data} search={route.useSearch()} />;
}
