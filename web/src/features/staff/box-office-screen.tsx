import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** An /admin/... page that is not built yet, and the custom navigation frames: says so plainly. */
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
