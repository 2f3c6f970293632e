import { createRoute, notFound } from '@tanstack/react-router';
import { requirePermission } from '../features/staff/admin-access.ts';
import { loadSignedIn } from '../features/staff/admin-guard.ts';
import {
  fetchConfigurations,
  fetchTemplate,
  fetchTemplates,
} from '../features/event-templates/event-templates-api.ts';
import { TemplateFormScreen } from '../features/event-templates/template-form-screen.tsx';
import { TemplateListScreen } from '../features/event-templates/template-list-screen.tsx';
import { adminRoute, pageError, pageLoading } from './admin-shell.tsx';

// The event templates' pages, for staff who manage events (manageEvents): the list, a new
// template, and one template (its screens in web/src/features/event-templates/).

const templatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event-templates',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageEvents'),
  loader: ({ abortController, location }) =>
    loadSignedIn(location.href, () => fetchTemplates(abortController.signal)),
  component: function EventTemplates() {
    return <TemplateListScreen templates={templatesRoute.useLoaderData()} />;
  },
  pendingComponent: pageLoading('eventTemplates.loading'),
  errorComponent: pageError('eventTemplates.error'),
});

const newTemplateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event-templates/new',
  beforeLoad: ({ context }) => requirePermission(context.staff, 'manageEvents'),
  loader: ({ abortController, location }) =>
    loadSignedIn(location.href, () => fetchConfigurations(abortController.signal)),
  component: function NewEventTemplate() {
    return <TemplateFormScreen template={null} configurations={newTemplateRoute.useLoaderData()} />;
  },
  pendingComponent: pageLoading('eventTemplates.loading'),
  errorComponent: pageError('eventTemplates.error'),
});

const templateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'v2/event-templates/$templateId',
  beforeLoad: ({ context, params }) => {
    requirePermission(context.staff, 'manageEvents');
    if (!/^\d{1,9}$/.test(params.templateId)) throw notFound();
  },
  loader: ({ abortController, location, params }) =>
    loadSignedIn(location.href, async () => {
      const [template, configurations] = await Promise.all([
        fetchTemplate(Number(params.templateId), abortController.signal),
        fetchConfigurations(abortController.signal),
      ]);
      return { template, configurations };
    }),
  component: function EventTemplate() {
    const { template, configurations } = templateRoute.useLoaderData();
    // A reload after someone else's save brings a new version: the form starts again from it.
    return (
      <TemplateFormScreen
        key={`${template.ID}-${template.Version}`}
        template={template}
        configurations={configurations}
      />
    );
  },
  pendingComponent: pageLoading('eventTemplates.loading'),
  errorComponent: pageError('eventTemplates.error'),
});

export const eventTemplateRoutes = [templatesRoute, newTemplateRoute, templateRoute] as const;
