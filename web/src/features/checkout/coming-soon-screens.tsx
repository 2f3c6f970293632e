import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /checkout/payment, worldPay, worldPayError, orderProcessing, afterPay */
export function CheckoutScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.checkout')} />;
}

/** /checkout/confirmation/{orderId} */
export function OrderConfirmationScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.orderConfirmation')} />;
}
