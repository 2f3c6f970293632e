import { WorldPayErrorScreen } from '../checkout/world-pay-screens.tsx';

const STORED_URL_KEY = 'foyer.payment.url';

/** The payment link the tab opened last (its WorldPay error returns there), else its processing page. */
const storedPaymentUrl = (): string => {
  try {
    return sessionStorage.getItem(STORED_URL_KEY) ?? '/payment/processing';
  } catch {
    return '/payment/processing';
  }
};

/** /payment/worldPayError?redirectUrl: without redirectUrl, back to the stored payment url. */
export function PaymentWorldPayErrorScreen() {
  return <WorldPayErrorScreen fallback={storedPaymentUrl()} />;
}
