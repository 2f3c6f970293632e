import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** Every /admin/... screen and the custom navigation frames, until the box office opens. */
export function BoxOfficeScreen() {
  const { t } = useTranslation('admin');
  return (
    <ComingSoon
      title={t('admin.comingSoon')}
      body={t('admin.comingSoonBody')}
      back={
        <Link to="/" className="button">
          {t('admin.backToStorefront')}
        </Link>
      }
    />
  );
}
