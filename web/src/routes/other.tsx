import { NotFoundScreen } from '../features/errors/not-found-screen.tsx';
import { OrderUnauthorizedScreen } from '../features/orders/order-unauthorized-screen.tsx';
import { pageRoute } from './page-route.ts';

export const otherRoutes = [
  pageRoute('/Order/Unauthorized', OrderUnauthorizedScreen),
  pageRoute('/Error/NotFound', NotFoundScreen),
];
