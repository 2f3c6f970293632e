import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /Order/Unauthorized */
export function OrderUnauthorizedScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      tone="warning"
      title={t('orderUnauthorized.title')}
      body={t('orderUnauthorized.body')}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
