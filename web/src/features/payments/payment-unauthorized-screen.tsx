import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /payment/Unauthorized */
export function PaymentUnauthorizedScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      tone="warning"
      title={t('paymentUnauthorized.title')}
      body={t('paymentUnauthorized.body')}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
