import { createRootRoute, Navigate } from '@tanstack/react-router';
import { Layout } from '../ui/layout.tsx';

export const rootRoute = createRootRoute({
  component: Layout,
  // Unknown paths end on the storefront's not-found page.
  notFoundComponent: () => <Navigate to="/Error/NotFound" replace />,
});
