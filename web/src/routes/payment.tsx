import { WorldPayHandOffScreen } from '../features/checkout/world-pay-screens.tsx';
import { PaymentLinkScreen } from '../features/payments/coming-soon-screens.tsx';
import { PaymentWorldPayErrorScreen } from '../features/payments/payment-world-pay-error-screen.tsx';
import { PaymentUnauthorizedScreen } from '../features/payments/payment-unauthorized-screen.tsx';
import { pageRoute } from './page-route.ts';

// The payment-link (group sales) flow.
export const paymentRoutes = [
  pageRoute('/payment/paymentlink', PaymentLinkScreen),
  pageRoute('/payment/processing', PaymentLinkScreen),
  pageRoute('/payment/worldPay', WorldPayHandOffScreen),
  pageRoute('/payment/worldPayError', PaymentWorldPayErrorScreen),
  pageRoute('/payment/confirmation/$paymentId', PaymentLinkScreen),
  pageRoute('/payment/Unauthorized', PaymentUnauthorizedScreen),
];
