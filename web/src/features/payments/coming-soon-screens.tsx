import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /payment/paymentlink, processing, worldPay, worldPayError, confirmation/{paymentId} */
export function PaymentLinkScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.paymentLinks')} />;
}
