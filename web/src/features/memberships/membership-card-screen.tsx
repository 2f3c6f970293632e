import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipCard } from '../../../../adapters/http/contract/memberships.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { QrCode } from '../web-tickets/qr-code.tsx';
import { isLocalPath } from '../basket/return-target.ts';
import { fetchMembershipCard } from './memberships-api.ts';
import '../web-tickets/web-tickets.css';
import './memberships.css';

// /tickets/membership/{membershipId}/customer/{customerId}: the member's card on the phone: who,
// which membership and level, from when to when, its status and the barcode as a QR code (drawn
// like the web tickets', web-tickets/qr-code.tsx), and a link to renew. Only the member or staff
// may see it; the server answers 404 to anyone else, so the page never says it exists.

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly card: MembershipCard }
  | { readonly status: 'notFound' }
  | { readonly status: 'failed'; readonly error: unknown };

const positiveId = (text: string | undefined) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

export function MembershipCardRoute() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { membershipId?: string; customerId?: string };
  const membershipId = positiveId(params.membershipId);
  const customerId = positiveId(params.customerId);
  const [state, setState] = useState<State>({ status: 'loading' });
  usePageTitle(t('memberships.card.title'));

  useEffect(() => {
    if (membershipId === null || customerId === null) return setState({ status: 'notFound' });
    const abort = new AbortController();
    setState({ status: 'loading' });
    fetchMembershipCard(membershipId, customerId, abort.signal).then(
      (card) => setState({ status: 'ready', card }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const status = isApiError(error) ? error.status : 0;
        if ([400, 401, 403, 404].includes(status)) return setState({ status: 'notFound' });
        setState({ status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [membershipId, customerId]);

  if (state.status === 'loading') return <Loading label={t('memberships.card.loading')} />;
  if (state.status === 'failed')
    return <ErrorPanel title={t('memberships.card.loadError')} error={state.error} />;
  if (state.status === 'notFound')
    return (
      <MessagePage
        title={t('memberships.card.title')}
        body={t('memberships.card.notFound')}
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return <CardPage card={state.card} />;
}

function CardPage(props: { card: MembershipCard }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { card } = props;
  return (
    <main className="membership-card" aria-labelledby="membership-card-title">
      <article className={`membership-card__card membership-card__card--${card.Status.toLowerCase()}`}>
        <header className="membership-card__header">
          <p className="eyebrow">{t('memberships.card.title')}</p>
          <h1 id="membership-card-title">{card.MembershipName}</h1>
          <p className="membership-card__status" data-testid="membership-status">
            {t(`memberships.card.status.${card.Status}`)}
          </p>
        </header>
        <dl className="membership-card__facts">
          <div>
            <dt>{t('memberships.card.member')}</dt>
            <dd data-testid="membership-member">{card.MemberName}</dd>
          </div>
          <div>
            <dt>{t('memberships.card.level')}</dt>
            <dd>{card.PriceLevelName}</dd>
          </div>
          <div>
            <dt>{t('memberships.card.validFrom')}</dt>
            <dd>
              <time dateTime={card.StartsOn}>{format.longDay(card.StartsOn)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('memberships.card.validTo')}</dt>
            <dd>
              <time dateTime={card.EndsOn}>{format.longDay(card.EndsOn)}</time>
            </dd>
          </div>
        </dl>
        <QrCode text={card.Barcode} label={t('memberships.card.barcode', { barcode: card.Barcode })} />
        <p className="membership-card__barcode" data-testid="membership-barcode">
          {card.Barcode}
        </p>
        <p className="membership-card__hint">{t('memberships.card.showAtDoor')}</p>
      </article>
      {isLocalPath(card.RenewUrl) || /^https?:\/\//.test(card.RenewUrl) ? (
        <p className="membership-card__renew">
          <a className="button" href={card.RenewUrl}>
            {t('memberships.card.renew')}
          </a>
        </p>
      ) : null}
    </main>
  );
}
