import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { AvailabilityBadge } from './availability-badge.tsx';
import { dayOfLocal } from './calendar-month.ts';
import type { PerformanceContext } from './performance-context.ts';
import { saleStateOf, type SaleState } from './sale-state.ts';
import { SecondaryMarketBanner } from './secondary-market-banner.tsx';
import { searchForEvent } from './series-search.ts';
import { SoldOutPanel } from './sold-out-form.tsx';

/** Heavy on-sale events go to best-available selection (their SelectSeatsUrl says so). */
const isBestAvailable = (event: Event) => event.SelectSeatsUrl.toLowerCase().endsWith('/bestavailable');

function PerformanceAction({
  event,
  state,
  context,
}: {
  event: Event;
  state: SaleState;
  context: PerformanceContext;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  if (state === 'OnSale' || state === 'Presale') {
    const day = dayOfLocal(event.LocalDate)!;
    const common = {
      params: { eventCode: event.EventTemplateCode, eventId: String(event.ID) },
      search: searchForEvent(context.search, day, context.series.OrderTicketLimit),
      className: 'button button--small performance__cta',
    };
    const label = (
      <>
        {isBestAvailable(event) ? t('series.findSeats') : t('series.chooseSeats')}
        <span className="visually-hidden">
          {', '}
          {format.longDay(event.LocalDate)} {format.time(event.LocalDate)}
        </span>
        <span className="arrow" aria-hidden="true">
          →
        </span>
      </>
    );
    return isBestAvailable(event) ? (
      <Link to="/tickets/series/$eventCode/$eventId/bestAvailable" {...common}>
        {label}
      </Link>
    ) : (
      <Link to="/tickets/series/$eventCode/$eventId" {...common}>
        {label}
      </Link>
    );
  }
  if (state === 'NotOnSale')
    return (
      <span className="performance__status">
        {t('series.onSaleFrom', {
          date: `${format.day(event.LocalOnSaleDate)}, ${format.time(event.LocalOnSaleDate)}`,
        })}
      </span>
    );
  if (state === 'Past') return <span className="performance__status">{t('series.started')}</span>;
  return null;
}

/** One performance in a day tray or the list: what it is, how it sells, and what to do next. */
export function PerformanceCard(props: { event: Event; context: PerformanceContext; showDate: boolean }) {
  const { event, context } = props;
  const { t } = useTranslation();
  const format = useDateFormat();
  const state = saleStateOf(event, context.promotion, context.now);
  const tile = format.tile(event.LocalDate);
  const subtitle = [
    event.Name !== context.series.Name ? event.Name : undefined,
    event.Venue.DisplayName,
  ].filter(Boolean);
  const notes = [
    event.IsPresale && event.IsBeforeSaleDate
      ? state === 'Presale'
        ? t('series.presaleOpen')
        : t('series.presaleOnly')
      : undefined,
    event.linkedEvent
      ? t('series.linkedWith', {
          name: event.linkedEvent.name,
          date: format.day(event.linkedEvent.localDate),
        })
      : undefined,
  ].filter(Boolean);
  return (
    <div className={`performance performance--${state}`}>
      <div className="performance__row">
        {props.showDate && (
          <time className="date-tile" dateTime={event.LocalDate}>
            <span className="date-tile__weekday">{tile.weekday}</span>
            <span className="date-tile__day">{tile.day}</span>
            <span className="date-tile__month">{tile.month}</span>
          </time>
        )}
        <div className="performance__text">
          <p className="performance__time">
            <time dateTime={event.LocalDate}>{format.time(event.LocalDate)}</time>
          </p>
          {subtitle.length > 0 && <p className="performance__subtitle">{subtitle.join(' · ')}</p>}
          {notes.map((note) => (
            <p key={note} className="performance__note">
              {note}
            </p>
          ))}
        </div>
        <AvailabilityBadge event={event} />
        <div className="performance__actions">
          <button type="button" className="icon-button" onClick={() => context.showEventInfo(event)}>
            <span aria-hidden="true">i</span>
            <span className="visually-hidden">
              {t('eventInfo.open', {
                date: `${format.longDay(event.LocalDate)} ${format.time(event.LocalDate)}`,
              })}
            </span>
          </button>
          <PerformanceAction event={event} state={state} context={context} />
        </div>
      </div>
      {state !== 'Past' && <SecondaryMarketBanner event={event} context={context} />}
      {state !== 'Past' && state !== 'SoldOut' && event.UpfrontFeeDisclosure && (
        <p className="fee-disclosure">{event.UpfrontFeeDisclosure}</p>
      )}
      {state === 'SoldOut' && <SoldOutPanel event={event} context={context} />}
    </div>
  );
}
