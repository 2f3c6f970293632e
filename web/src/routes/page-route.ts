import { createRoute, type RouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

/** A route that only shows a screen (no params read, no data). */
export const pageRoute = <const Path extends string>(path: Path, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });
