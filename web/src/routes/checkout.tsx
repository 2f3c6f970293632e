import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { BasketExpiredScreen } from '../features/basket/basket-expired-screen.tsx';
import { CheckoutErrorScreen } from '../features/checkout/checkout-error-screen.tsx';
import {
  CheckoutWorldPayErrorScreen,
  WorldPayHandOffScreen,
} from '../features/checkout/world-pay-screens.tsx';
import { pageRoute } from './page-route.ts';
import { rootRoute } from './root.tsx';

// /checkout (and /checkout/) go to the basket, keeping the query (planCode).
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
// So are the payment page and the confirmation.
const PaymentScreen = lazyRouteComponent(
  () => import('../features/checkout/payment-screen.tsx'),
  'PaymentScreen',
);
const ConfirmationScreen = lazyRouteComponent(
  () => import('../features/checkout/confirmation-screen.tsx'),
  'ConfirmationScreen',
);
const OrderProcessingScreen = lazyRouteComponent(
  () => import('../features/checkout/return-screens.tsx'),
  'OrderProcessingScreen',
);
const AfterpayReturnScreen = lazyRouteComponent(
  () => import('../features/checkout/return-screens.tsx'),
  'AfterpayReturnScreen',
);

export const checkoutRoutes = [
  checkoutRoute,
  checkoutNullRoute,
  checkoutUndefinedRoute,
  pageRoute('/checkout/basket', BasketScreen),
  pageRoute('/basket', BasketScreen),
  // Used instead of /checkout/basket when the consumer feature flag showNewBasketPage is on.
  pageRoute('/shop/checkout/basket', BasketScreen),
  pageRoute('/basket/expired', BasketExpiredScreen),
  pageRoute('/checkout/payment', PaymentScreen),
  pageRoute('/checkout/confirmation/$orderId', ConfirmationScreen),
  pageRoute('/checkout/worldPay', WorldPayHandOffScreen),
  pageRoute('/checkout/worldPayError', CheckoutWorldPayErrorScreen),
  pageRoute('/checkout/orderProcessing', OrderProcessingScreen),
  pageRoute('/checkout/afterPay', AfterpayReturnScreen),
  // Also /Checkout/Error: matching ignores case.
  pageRoute('/checkout/error', CheckoutErrorScreen),
];
