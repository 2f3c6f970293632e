import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebTickets } from '../../../../adapters/http/contract/web-tickets.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { QrCode } from './qr-code.tsx';
import { savedTickets, saveTickets } from './saved-tickets.ts';
import { fetchWebTickets } from './web-tickets-api.ts';
import './web-tickets.css';

// /tickets/bundle/{bundleId}/event/{eventId}: an order's tickets for one performance on the phone,
// each with its QR code for the door. Who may see them is the server's rule
// (core/web-tickets/read-web-tickets.ts). Each load is kept in the phone's storage; without signal
// the page shows that copy (saved-tickets.ts).

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly tickets: WebTickets; readonly offline: boolean }
  | { readonly status: 'refused'; readonly why: 'notYours' | 'notFound' }
  | { readonly status: 'failed'; readonly error: unknown };

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function WebTicketsRoute() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { bundleId?: string; eventId?: string };
  const bundleId = params.bundleId ?? '';
  const eventId = Number(params.eventId);
  const [state, setState] = useState<State>({ status: 'loading' });
  usePageTitle(t('webTickets.title'));

  useEffect(() => {
    const abort = new AbortController();
    fetchWebTickets(bundleId, eventId, abort.signal).then(
      (tickets) => {
        const store = storage();
        if (store) saveTickets(store, bundleId, eventId, tickets);
        setState({ status: 'ready', tickets, offline: false });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const status = isApiError(error) ? error.status : 0;
        if (status === 401 || status === 403) return setState({ status: 'refused', why: 'notYours' });
        if (status === 404 || status === 400) return setState({ status: 'refused', why: 'notFound' });
        const store = storage();
        const saved = status === 0 && store ? savedTickets(store, bundleId, eventId) : null;
        setState(saved ? { status: 'ready', tickets: saved, offline: true } : { status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [bundleId, eventId]);

  if (state.status === 'loading') return <Loading label={t('webTickets.loading')} />;
  if (state.status === 'failed') return <ErrorPanel title={t('webTickets.loadError')} error={state.error} />;
  if (state.status === 'refused')
    return (
      <MessagePage
        title={t('webTickets.title')}
        body={t(state.why === 'notYours' ? 'webTickets.notYours' : 'webTickets.notFound')}
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return <TicketsPage tickets={state.tickets} offline={state.offline} />;
}

function TicketsPage(props: { tickets: WebTickets; offline: boolean }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { Event: event, Tickets: tickets } = props.tickets;
  const others = props.tickets.Events.filter((e) => e.ID !== event.ID);
  return (
    <main className="web-tickets" aria-labelledby="web-tickets-title">
      <header className="web-tickets__header">
        <h1 id="web-tickets-title">{event.Name}</h1>
        <p className="web-tickets__when">
          {format.longDay(event.LocalDate)} · {format.time(event.LocalDate)}
        </p>
        <p>{event.VenueName}</p>
        <p className="web-tickets__order">{t('webTickets.order', { name: props.tickets.Order.Name })}</p>
      </header>
      {props.offline && (
        <p className="notice" role="status">
          {t('webTickets.offline')}
        </p>
      )}
      <p className="web-tickets__hint">{t('webTickets.showAtDoor')}</p>
      <ol className="web-tickets__list">
        {tickets.map((ticket, index) => (
          <li key={ticket.ID} className="web-ticket" data-testid="web-ticket">
            <p className="web-ticket__count">
              {t('webTickets.ticketOf', { n: index + 1, count: tickets.length })} · {ticket.PriceTypeName}
            </p>
            {ticket.IsGeneralAdmission ? (
              <p className="web-ticket__place">
                {t('webTickets.generalAdmission')}
                {ticket.Section ? ` · ${ticket.Section}` : ''}
              </p>
            ) : (
              <dl className="web-ticket__place">
                {ticket.Section && (
                  <div>
                    <dt>{t('webTickets.section')}</dt>
                    <dd>{ticket.Section}</dd>
                  </div>
                )}
                {ticket.Row && (
                  <div>
                    <dt>{t('webTickets.row')}</dt>
                    <dd>{ticket.Row}</dd>
                  </div>
                )}
                {ticket.Seat && (
                  <div>
                    <dt>{t('webTickets.seat')}</dt>
                    <dd>{ticket.Seat}</dd>
                  </div>
                )}
              </dl>
            )}
            <QrCode text={ticket.Barcode} label={t('webTickets.barcode', { barcode: ticket.Barcode })} />
            <p className="web-ticket__barcode" data-testid="web-ticket-barcode">
              {ticket.Barcode}
            </p>
          </li>
        ))}
      </ol>
      {others.length > 0 && (
        <nav className="web-tickets__others" aria-label={t('webTickets.otherEvents')}>
          <h2>{t('webTickets.otherEvents')}</h2>
          <ul>
            {others.map((e) => (
              <li key={e.ID}>
                <a href={e.Path}>
                  {e.Name} · {format.longDay(e.LocalDate)} · {format.time(e.LocalDate)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="web-tickets__keep">
        <a href={props.tickets.Path}>{t('webTickets.keepLink')}</a>
      </p>
    </main>
  );
}
