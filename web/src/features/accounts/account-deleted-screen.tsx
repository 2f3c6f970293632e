import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /Account/AccountDeletedConfirmation: where deleting an account ends. */
export function AccountDeletedScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('account.deleted.title')}
      body={t('account.deleted.body')}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
