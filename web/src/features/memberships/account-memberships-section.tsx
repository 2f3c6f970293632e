import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipCard } from '../../../../adapters/http/contract/memberships.ts';
import { failureText } from '../../api/failure-text.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Loading } from '../../ui/loading.tsx';
import { LocalLink } from '../basket/local-link.tsx';
import { cardPath, fetchCustomerMemberships } from './memberships-api.ts';
import './memberships.css';

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly cards: readonly MembershipCard[] }
  | { readonly status: 'error'; readonly message: string };

/** The account page's memberships (GET /api/customers/memberships), each linking to its card. */
export function AccountMembershipsSection() {
  const { t } = useTranslation();
  const id = useId();
  const format = useDateFormat();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchCustomerMemberships(abort.signal).then(
      (cards) => setLoad({ status: 'ready', cards }),
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'error', message: failureText(t, error) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  return (
    <section id="memberships" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('memberships.account.heading')}</h2>
      </div>
      {load.status === 'loading' && <Loading label={t('memberships.account.loading')} />}
      {load.status === 'error' && (
        <div className="account-alert account-alert--with-action" role="alert">
          <p>{load.message}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && load.cards.length === 0 && (
        <p className="account-empty">{t('memberships.account.none')}</p>
      )}
      {load.status === 'ready' && load.cards.length > 0 && (
        <ul className="account-memberships">
          {load.cards.map((card) => (
            <li key={card.MembershipID} className="account-membership" data-testid="account-membership">
              <span className="account-membership__name">
                {card.MembershipName}: {card.PriceLevelName}
              </span>
              <span className="account-membership__status">
                {t(`memberships.card.status.${card.Status}`)} ·{' '}
                {t('memberships.account.validTo', { date: format.day(card.EndsOn) })}
              </span>
              <LocalLink path={cardPath(card)} className="button button--secondary button--small">
                {t('memberships.account.card')}
                <span className="visually-hidden">: {card.MembershipName}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
