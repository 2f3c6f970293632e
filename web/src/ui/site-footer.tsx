import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark.tsx';
import { LanguagePicker } from './language-picker.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <BrandMark />
          <div>
            <p className="site-footer__name">{t('app.name')}</p>
            <p className="site-footer__tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <LanguagePicker />
        <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
