import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetails, CustomerSummary } from '../../../../adapters/http/contract/account.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { fetchDetails } from './account-api.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { DataDownloadSection } from './data-download-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { failureText } from '../../api/failure-text.ts';
import { OrdersSection } from './orders-section.tsx';
import { AccountMembershipsSection } from '../memberships/account-memberships-section.tsx';
import { PaymentMethodSection } from './payment-method-section.tsx';
import { useAccount } from './use-account.ts';
import './accounts.css';

// /account/details and /v2/account/details: the signed-in customer's account, one section after
// another (details and marketing lists, orders, saved card, data download, password, deleting
// the account). Nobody signed in: on to sign-in, coming back here after.

export function AccountDetailsScreen() {
  const { t } = useTranslation();
  const { account, loading, refresh } = useAccount();
  const signedOut =
    account !== undefined && account.Kind !== 'staff' && (!account.SignedIn || !account.Customer);
  useToSignIn(signedOut);
  if (account === undefined)
    return loading ? (
      <Loading label={t('account.details.loading')} />
    ) : (
      <div className="error-panel" role="alert">
        <h1>{t('account.details.loadError')}</h1>
        <p>{t('error.network')}</p>
        <button type="button" className="button" onClick={() => void refresh()}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (account.Kind === 'staff') return <StaffNotice />;
  if (signedOut || !account.Customer) return <Loading label={t('account.details.loading')} />;
  return <AccountOverview customer={account.Customer} />;
}

/**
 * On to sign-in with this page as the returnUrl, once. (A <Navigate> here would be rendered again
 * by every change of the pending location while the sign-in page's code loads, and navigate again.)
 */
const useToSignIn = (when: boolean) => {
  const navigate = useNavigate();
  useEffect(() => {
    if (when)
      void navigate({
        to: '/account/login',
        search: { returnUrl: window.location.pathname } as never,
        replace: true,
      });
  }, [when]);
};

function StaffNotice() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('account.details.staffTitle')}
      body={t('account.details.staffBody')}
      actions={
        <a href="/admin" className="button">
          {t('account.menu.boxOffice')}
        </a>
      }
    />
  );
}

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly details: AccountDetails }
  | { readonly status: 'error'; readonly message: string };

function AccountOverview(props: { customer: CustomerSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { refresh } = useAccount();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageTitle(t('account.details.title'));

  useEffect(() => {
    let current = true;
    fetchDetails().then(
      (details) => current && setLoad({ status: 'ready', details }),
      (error: unknown) => {
        if (!current) return;
        // The session ended since the page learnt who was signed in.
        if (isApiError(error) && error.status === 401) {
          void refresh();
          void navigate({
            to: '/account/login',
            search: { returnUrl: location.pathname } as never,
            replace: true,
          });
        } else setLoad({ status: 'error', message: failureText(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // A link to a section (#orders from the header's menu) is followed once the sections are here.
  const ready = load.status === 'ready';
  useEffect(() => {
    if (ready && location.hash) document.getElementById(location.hash)?.scrollIntoView();
  }, [ready, location.hash]);

  if (load.status === 'loading') return <Loading label={t('account.details.loading')} />;
  if (load.status === 'error')
    return (
      <div className="error-panel" role="alert">
        <h1>{t('account.details.loadError')}</h1>
        <p>{load.message}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );

  const sections = [
    ['details', t('account.details.heading')],
    ['orders', t('account.orders.heading')],
    ['memberships', t('memberships.account.heading')],
    ['payment', t('account.payment.heading')],
    ['data', t('account.data.heading')],
    ['password', t('account.password.heading')],
    ['delete', t('account.delete.heading')],
  ] as const;
  return (
    <div className="account-page">
      <header className="account-page__header">
        <p className="eyebrow">{t('account.details.eyebrow')}</p>
        <h1>{t('account.details.greeting', { name: load.details.FirstName || props.customer.FirstName })}</h1>
      </header>
      <div className="account-page__body">
        <nav className="account-nav" aria-label={t('account.details.sections')}>
          <ul>
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-page__sections">
          <DetailsSection
            details={load.details}
            onSaved={(details) => {
              setLoad({ status: 'ready', details });
              // The header shows the first name.
              void refresh();
            }}
            onUpdate={(change) =>
              setLoad((l) => (l.status === 'ready' ? { status: 'ready', details: change(l.details) } : l))
            }
          />
          <OrdersSection />
          <AccountMembershipsSection />
          <PaymentMethodSection />
          <DataDownloadSection />
          <ChangePasswordSection />
          <DeleteAccountSection />
          <p className="account-page__more">
            <Link to="/">{t('common.backToWhatsOn')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
