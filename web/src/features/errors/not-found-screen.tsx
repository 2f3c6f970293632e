import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/message-page.tsx';

/** /Error/NotFound: where every unknown path ends. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Link to="/" className="button">
          {t('notFound.home')}
        </Link>
      }
    />
  );
}
