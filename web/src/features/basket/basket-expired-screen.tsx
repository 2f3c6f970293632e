import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /basket/expired: the hold ran out and the seats went back on sale. */
export function BasketExpiredScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      tone="warning"
      title={t('basketExpired.title')}
      body={t('basketExpired.body')}
      actions={
        <Link to="/" className="button">
          {t('basketExpired.again')}
        </Link>
      }
    />
  );
}
