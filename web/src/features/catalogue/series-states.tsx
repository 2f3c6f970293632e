import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';

// The series route's loading, error and not-found screens: small, in the main bundle, while the
// series screen itself loads with its route.

export function SeriesLoading() {
  const { t } = useTranslation();
  return <Loading label={t('series.loading')} />;
}

export function SeriesError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorPanel title={t('series.error')} error={error} />;
}

export function SeriesNotFound({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('series.notFoundTitle')}
      body={t('series.notFoundBody', { code })}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
