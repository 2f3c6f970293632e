import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { BasketExpiredScreen } from '../features/basket/basket-expired-screen.tsx';
import { CheckoutErrorScreen } from '../features/checkout/checkout-error-screen.tsx';
import { CheckoutScreen, OrderConfirmationScreen } from '../features/checkout/coming-soon-screens.tsx';
import { pageRoute } from './page-route.ts';
import { rootRoute } from './root.tsx';

// Spec 000 section 2: /checkout (and /checkout/) go to the basket, keeping the query (planCode).
const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  beforeLoad: () => {
    throw redirect({ to: '/checkout/basket', search: true, replace: true });
  },
});

// A basket link built from a missing id (/checkout/null, /checkout/undefined) means the basket is gone.
const toExpired = () => {
  throw redirect({ to: '/basket/expired', replace: true });
};
const checkoutNullRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/null',
  beforeLoad: toExpired,
});
const checkoutUndefinedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout/undefined',
  beforeLoad: toExpired,
});

// The basket page is a chunk of its own (its code and styles load when a basket is opened).
const BasketScreen = lazyRouteComponent(() => import('../features/basket/basket-screen.tsx'), 'BasketScreen');

export const checkoutRoutes = [
  checkoutRoute,
  checkoutNullRoute,
  checkoutUndefinedRoute,
  pageRoute('/checkout/basket', BasketScreen),
  pageRoute('/basket', BasketScreen),
  // Used instead of /checkout/basket when the consumer feature flag showNewBasketPage is on.
  pageRoute('/shop/checkout/basket', BasketScreen),
  pageRoute('/basket/expired', BasketExpiredScreen),
  pageRoute('/checkout/payment', CheckoutScreen),
  pageRoute('/checkout/confirmation/$orderId', OrderConfirmationScreen),
  pageRoute('/checkout/worldPay', CheckoutScreen),
  pageRoute('/checkout/worldPayError', CheckoutScreen),
  pageRoute('/checkout/orderProcessing', CheckoutScreen),
  pageRoute('/checkout/afterPay', CheckoutScreen),
  // Also /Checkout/Error: matching ignores case.
  pageRoute('/checkout/error', CheckoutErrorScreen),
];
