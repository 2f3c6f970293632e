import { createRoute, notFound } from '@tanstack/react-router';
import { requirePermission } from '../features/staff/admin-access.ts';
import { loadSignedIn } from '../features/staff/admin-guard.ts';
import { ConfigurationScreen } from '../features/venues/configuration-screen.tsx';
import { ImportScreen } from '../features/venues/import-screen.tsx';
import { VenueEditScreen } from '../features/venues/venue-edit-screen.tsx';
import { fetchConfiguration, fetchVenue, fetchVenues } from '../features/venues/venues-api.ts';
import { VenuesScreen } from '../features/venues/venues-screen.tsx';
import { adminRoute, pageError, pageLoading } from './admin-shell.tsx';

// The venues' pages, for staff who manage events (manageEvents): the list, importing a seat map,
// a venue's edit and a seat map's page (their screens in web/src/features/venues/).

const ID = /^\d{1,9}$/;

const venuesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/venues',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageEvents'),
  loader: ({ abortController, location }) =>
    loadSignedIn(location.href, () => fetchVenues(abortController.signal)),
  component: function Venues() {
    return <VenuesScreen venues={venuesRoute.useLoaderData()} />;
  },
  pendingComponent: pageLoading('venues.loading'),
  errorComponent: pageError('venues.error'),
});

const importRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/venues/import',
  validateSearch: (search: Record<string, unknown>): { venueId?: number } => {
    const venueId = Number(search.venueId);
    return Number.isInteger(venueId) && venueId > 0 ? { venueId } : {};
  },
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageEvents'),
  loader: ({ abortController, location }) =>
    loadSignedIn(location.href, () => fetchVenues(abortController.signal)),
  component: function ImportSeatMap() {
    const { venueId } = importRoute.useSearch();
    return <ImportScreen venues={importRoute.useLoaderData()} venueId={venueId ?? null} />;
  },
  pendingComponent: pageLoading('venues.loading'),
  errorComponent: pageError('venues.error'),
});

const venueRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/venues/$venueId',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.venueId)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, () => fetchVenue(Number(params.venueId), abortController.signal)),
  component: function VenueEdit() {
    const venue = venueRoute.useLoaderData();
    // A reload after someone else's save brings a new version: the form starts again from it.
    return <VenueEditScreen key={`${venue.ID}-${venue.Version}`} venue={venue} />;
  },
  pendingComponent: pageLoading('venues.loading'),
  errorComponent: pageError('venues.error'),
});

const configurationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/venues/$venueId/configurations/$configurationId',
  validateSearch: (search: Record<string, unknown>): { imported?: boolean } =>
    search.imported === true || search.imported === 'true' ? { imported: true } : {},
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!ID.test(params.venueId) || !ID.test(params.configurationId)) throw notFound();
  },
  loader: async ({ abortController, location, params }) => {
    const configuration = await loadSignedIn(location.href, () =>
      fetchConfiguration(Number(params.configurationId), abortController.signal),
    );
    if (configuration.Venue.ID !== Number(params.venueId)) throw notFound();
    return configuration;
  },
  component: function Configuration() {
    const configuration = configurationRoute.useLoaderData();
    const { imported } = configurationRoute.useSearch();
    return (
      <ConfigurationScreen
        key={configuration.ID}
        configuration={configuration}
        imported={imported === true}
      />
    );
  },
  pendingComponent: pageLoading('venues.loading'),
  errorComponent: pageError('venues.error'),
});

export const venueRoutes = [venuesRoute, importRoute, venueRoute, configurationRoute];
