import { Link, Navigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAccount } from '../accounts/use-account.ts';
import { fetchConfirmation, type ConfirmationData } from './checkout-api.ts';
import '../../ui/styles/forms.css';
import '../basket/basket.css';
import './checkout.css';

// /checkout/confirmation/{orderId}: the order as the server made it, with
// the tickets' PDF. Only the buyer's session or account may see it: 401 -> /Order/Unauthorized
// A signed-in customer (signed in before, or just registered at checkout)
// is told the order is in their account.

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly order: ConfirmationData['Order'] }
  | { readonly status: 'unauthorized' }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly error: unknown };

export function ConfirmationScreen() {
  const { t } = useTranslation();
  const { orderId } = useParams({ strict: false }) as { orderId?: string };
  const id = Number(orderId);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) return setLoad({ status: 'missing' });
    const controller = new AbortController();
    fetchConfirmation(id, controller.signal).then(
      (answer) => setLoad({ status: 'ready', order: answer.Order }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.status === 401 || error.status === 403))
          setLoad({ status: 'unauthorized' });
        else if (isApiError(error) && error.status === 404) setLoad({ status: 'missing' });
        else setLoad({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [id]);

  if (load.status === 'unauthorized') return <Navigate to="/Order/Unauthorized" replace />;
  if (load.status === 'missing')
    return (
      <MessagePage
        tone="warning"
        title={t('confirmation.missingTitle')}
        body={t('confirmation.missingBody')}
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  if (load.status === 'error') return <ErrorPanel title={t('confirmation.loadError')} error={load.error} />;
  if (load.status === 'loading') return <Loading label={t('confirmation.loading')} />;
  return <Confirmation order={load.order} />;
}

function Confirmation(props: { order: ConfirmationData['Order'] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  const { order } = props;
  usePageTitle(t('confirmation.title'));
  const locale = order.Events[0]?.Venue.CurrencyLocale ?? 'en-us';
  const money = (minor: number) => formatMoney(minor, locale);
  const ticketTotal = order.TicketItems.reduce((s, i) => s + i.Price, 0);
  const feeTotal = order.TicketItems.reduce((s, i) => s + i.FeeTotal, 0);
  // Memberships and gift certificates are counted in ProductTotal: each kind gets its own line.
  const extras = order.ExtraItems ?? [];
  const ofKind = (kind: 'Membership' | 'GiftCertificate') => extras.filter((x) => x.Kind === kind);
  const sum = (lines: readonly { Amount: number }[]) => lines.reduce((s, x) => s + x.Amount, 0);
  const memberships = ofKind('Membership');
  const giftCertificates = ofKind('GiftCertificate');
  const addOnTotal = order.ProductTotal - sum(extras);
  const rows: [string, number][] = [
    ...(order.TicketItems.length > 0 || extras.length === 0
      ? [[t('basket.summary.tickets', { count: order.TicketItems.length }), ticketTotal] as [string, number]]
      : []),
    ...(feeTotal !== 0 ? [[t('basket.summary.fees'), feeTotal] as [string, number]] : []),
    ...(memberships.length > 0
      ? [
          [t('basket.summary.memberships', { count: memberships.length }), sum(memberships)] as [
            string,
            number,
          ],
        ]
      : []),
    ...(giftCertificates.length > 0
      ? [
          [
            t('basket.summary.giftCertificates', { count: giftCertificates.length }),
            sum(giftCertificates),
          ] as [string, number],
        ]
      : []),
    ...(addOnTotal !== 0 ? [[t('basket.summary.products'), addOnTotal] as [string, number]] : []),
    ...(order.DeliveryTotal !== 0
      ? [[t('basket.summary.delivery'), order.DeliveryTotal] as [string, number]]
      : []),
    ...(order.OrderLevelFeeTotal !== 0
      ? [[t('basket.summary.orderFee'), order.OrderLevelFeeTotal] as [string, number]]
      : []),
  ];
  const payment = order.Payment;
  const { account } = useAccount();
  const customer = account?.SignedIn === true && account.Kind === 'customer';
  return (
    <div className="confirmation">
      <header className="confirmation__header">
        <div className="confirmation__tick" aria-hidden="true">
          ✓
        </div>
        <h1>{t('confirmation.title')}</h1>
        <p className="confirmation__lead">
          {t('confirmation.lead', { name: order.Name })}
          {order.Email && <> {t('confirmation.emailed', { email: order.Email })}</>}
        </p>
        {order.TicketsUrl && (
          <a className="button confirmation__download" href={order.TicketsUrl} download>
            {t('confirmation.download')}
          </a>
        )}
        {customer && (
          <p className="confirmation__account">
            {t('confirmation.inAccount')} <Link to="/account/details">{t('confirmation.toAccount')}</Link>
          </p>
        )}
      </header>

      <div className="confirmation__body">
        <div className="confirmation__events">
          {order.Events.map((event) => {
            const tickets = order.TicketItems.filter((i) => i.EventID === event.ID);
            return (
              <section key={event.ID} className="basket-event" aria-labelledby={`${id}-event-${event.ID}`}>
                <header className="basket-event__header">
                  <div className="basket-event__title">
                    <p className="eyebrow">{event.Venue.DisplayName}</p>
                    <h2 id={`${id}-event-${event.ID}`}>{event.Name}</h2>
                    <p className="basket-event__when">
                      <time dateTime={event.LocalDate}>
                        {format.longDay(event.LocalDate)} · {format.time(event.LocalDate)}
                      </time>
                    </p>
                  </div>
                </header>
                <p className="confirmation__phone">
                  <Link
                    to="/tickets/bundle/$bundleId/event/$eventId"
                    params={{ bundleId: String(order.ID), eventId: String(event.ID) }}
                  >
                    {t('confirmation.phoneTickets')}
                  </Link>
                </p>
                <ul className="basket-lines confirmation__tickets">
                  {tickets.map((ticket) => (
                    <li key={ticket.ID} className="confirmation__ticket">
                      <span>
                        <strong>
                          {ticket.IsGA || !ticket.Row
                            ? t('confirmation.gaTicket', { section: ticket.Section ?? ticket.Key })
                            : t('basket.item.seat', {
                                section: ticket.Section ?? ticket.Key,
                                row: ticket.Row,
                                seat: ticket.SeatID ?? '',
                              })}
                        </strong>
                        <span className="basket-line__muted">
                          {' '}
                          {ticket.PriceLevelName} · {ticket.PriceTypeName}
                        </span>
                      </span>
                      <span className="checkout-lines__price">{money(ticket.Price + ticket.FeeTotal)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {extras.length > 0 && (
            <section className="basket-event" aria-labelledby={`${id}-extras`}>
              <header className="basket-event__header">
                <div className="basket-event__title">
                  <h2 id={`${id}-extras`}>{t('confirmation.extras')}</h2>
                </div>
              </header>
              <ul className="basket-lines confirmation__tickets">
                {extras.map((line, i) => (
                  <li key={i} className="confirmation__ticket" data-testid="confirmation-extra">
                    <span>
                      <strong>{line.LevelName ? `${line.Name}: ${line.LevelName}` : line.Name}</strong>
                      {line.RecipientName && (
                        <span className="basket-line__muted">
                          {' '}
                          {t('confirmation.extraFor', { name: line.RecipientName })}
                        </span>
                      )}
                    </span>
                    <span className="checkout-lines__price">{money(line.Amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <aside className="confirmation__side">
          <section className="basket-panel" aria-labelledby={`${id}-summary`}>
            <h2 id={`${id}-summary`} className="basket-panel__title">
              {t('confirmation.summary')}
            </h2>
            <dl className="basket-totals" data-testid="confirmation-totals">
              {rows.map(([label, amount]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{money(amount)}</dd>
                </div>
              ))}
              <div className="basket-totals__total">
                <dt>{t('basket.summary.total')}</dt>
                <dd data-testid="confirmation-total">{money(order.Total)}</dd>
              </div>
            </dl>
            <dl className="confirmation__facts">
              <div>
                <dt>{t('confirmation.orderNumber')}</dt>
                <dd>{order.Name}</dd>
              </div>
              <div>
                <dt>{t('confirmation.paidWith')}</dt>
                <dd>
                  {payment.CCLast4
                    ? t('confirmation.card', { brand: payment.CardBrand ?? '', last4: payment.CCLast4 })
                    : t(`payments.type.${payment.PaymentType}`, { defaultValue: payment.PaymentType })}
                </dd>
              </div>
              {order.DeliveryMethodName && (
                <div>
                  <dt>{t('confirmation.delivery')}</dt>
                  <dd>{order.DeliveryMethodName}</dd>
                </div>
              )}
              {order.PromoCode && (
                <div>
                  <dt>{t('confirmation.promoCode')}</dt>
                  <dd>{order.PromoCode}</dd>
                </div>
              )}
            </dl>
          </section>
          <Link to="/" className="button button--secondary confirmation__more">
            {t('confirmation.findMore')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
