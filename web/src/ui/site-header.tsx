import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark.tsx';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <BrandMark />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <ul>
            <li>
              <Link to="/" activeOptions={{ exact: true }}>
                {t('nav.whatsOn')}
              </Link>
            </li>
            <li>
              <Link to="/checkout/basket">{t('nav.basket')}</Link>
            </li>
            <li>
              <Link to="/account/details">{t('nav.account')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
