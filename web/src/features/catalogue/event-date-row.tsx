import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { AvailabilityBadge } from './availability-badge.tsx';
import type { SeriesSearch } from './series-search.ts';

/** One date of a series, leading to its seat selection. */
export function EventDateRow(props: {
  event: Event;
  seriesName: string;
  search: SeriesSearch;
  showVenue: boolean;
}) {
  const { event } = props;
  const { t } = useTranslation();
  const format = useDateFormat();
  const tile = format.tile(event.LocalDate);
  const subtitle = [
    event.Name !== props.seriesName ? event.Name : undefined,
    props.showVenue ? event.Venue.DisplayName : undefined,
  ].filter(Boolean);
  return (
    <Link
      to="/tickets/series/$eventCode/$eventId"
      params={{ eventCode: event.EventTemplateCode, eventId: String(event.ID) }}
      search={props.search}
      className="date-row"
    >
      <time className="date-tile" dateTime={event.LocalDate}>
        <span className="date-tile__weekday">{tile.weekday}</span>
        <span className="date-tile__day">{tile.day}</span>
        <span className="date-tile__month">{tile.month}</span>
      </time>
      <span className="date-row__main">
        <span className="date-row__time">{format.time(event.LocalDate)}</span>
        {subtitle.length > 0 && <span className="date-row__subtitle">{subtitle.join(' · ')}</span>}
        {event.IsBeforeSaleDate && !event.IsPresale && (
          <span className="date-row__note">
            {t('series.onSaleFrom', { date: format.day(event.LocalOnSaleDate) })}
          </span>
        )}
        {event.IsPresale && <span className="date-row__note">{t('series.presale')}</span>}
      </span>
      <AvailabilityBadge event={event} />
      <span className="date-row__cta">
        <span className="date-row__cta-text">{t('series.chooseSeats')}</span>{' '}
        <span className="arrow" aria-hidden="true">
          →
        </span>
      </span>
    </Link>
  );
}
