import { PaymentLinkScreen } from '../features/payments/coming-soon-screens.tsx';
import { PaymentUnauthorizedScreen } from '../features/payments/payment-unauthorized-screen.tsx';
import { pageRoute } from './page-route.ts';

// The payment-link (group sales) flow.
export const paymentRoutes = [
  pageRoute('/payment/paymentlink', PaymentLinkScreen),
  pageRoute('/payment/processing', PaymentLinkScreen),
  pageRoute('/payment/worldPay', PaymentLinkScreen),
  pageRoute('/payment/worldPayError', PaymentLinkScreen),
  pageRoute('/payment/confirmation/$paymentId', PaymentLinkScreen),
  pageRoute('/payment/Unauthorized', PaymentUnauthorizedScreen),
];
