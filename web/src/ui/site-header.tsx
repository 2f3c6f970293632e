import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountControl } from '../features/accounts/account-control.tsx';
import { BrandMark } from './brand-mark.tsx';
import './site-header.css';

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
          </ul>
        </nav>
        <div className="site-header__account">
          <AccountControl />
        </div>
      </div>
    </header>
  );
}
