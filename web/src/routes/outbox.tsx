import { createRoute } from '@tanstack/react-router';
import { loadOutbox } from '../features/outbox/outbox-api.ts';
import { OutboxError, OutboxLoading, OutboxScreen } from '../features/outbox/outbox-screen.tsx';
import { loadAdminStrings } from '../i18n/setup.ts';
import { rootRoute } from './root.tsx';

// Not a spec route: the outbox of the default setup (no SMTP_URL), where a new user reads the
// e-mail Foyer wrote. Its words are in the admin string table.

const outboxListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/outbox',
  loader: async ({ abortController }) => {
    const [data] = await Promise.all([loadOutbox(undefined, abortController.signal), loadAdminStrings()]);
    return data;
  },
  component: function OutboxList() {
    const data = outboxListRoute.useLoaderData();
    return <OutboxScreen list={data.list} message={data.message} />;
  },
  pendingComponent: OutboxLoading,
  errorComponent: OutboxError,
});

const outboxMessageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/outbox/$name',
  loader: async ({ params, abortController }) => {
    const [data] = await Promise.all([loadOutbox(params.name, abortController.signal), loadAdminStrings()]);
    return data;
  },
  component: function OutboxMessage() {
    const data = outboxMessageRoute.useLoaderData();
    return <OutboxScreen key={data.message?.Name} list={data.list} message={data.message} />;
  },
  pendingComponent: OutboxLoading,
  errorComponent: OutboxError,
});

export const outboxRoutes = [outboxListRoute, outboxMessageRoute];
