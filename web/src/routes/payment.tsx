import { WorldPayHandOffScreen } from '../features/checkout/world-pay-screens.tsx';
import { HouseSeatLinkScreen } from '../features/house-seats/house-seat-link-screen.tsx';
import { PaymentLinkScreen } from '../features/payment-links/payment-link-screen.tsx';
import {
  PaymentConfirmationScreen,
  PaymentProcessingScreen,
} from '../features/payment-links/payment-result-screens.tsx';
import { PaymentWorldPayErrorScreen } from '../features/payments/payment-world-pay-error-screen.tsx';
import { PaymentUnauthorizedScreen } from '../features/payments/payment-unauthorized-screen.tsx';
import { pageRoute } from './page-route.ts';

// The payment-link (group sales) flow.
export const paymentRoutes = [
  pageRoute('/payment/paymentlink', PaymentLinkScreen),
  pageRoute('/payment/processing', PaymentProcessingScreen),
  pageRoute('/payment/worldPay', WorldPayHandOffScreen),
  pageRoute('/payment/worldPayError', PaymentWorldPayErrorScreen),
  pageRoute('/payment/confirmation/$paymentId', PaymentConfirmationScreen),
  pageRoute('/payment/Unauthorized', PaymentUnauthorizedScreen),
  // A house-seat link: the seats into the basket, then /checkout/basket.
  pageRoute('/payment/houseseat', HouseSeatLinkScreen),
];
