import { useTranslation } from 'react-i18next';
import type { CalendarSeries, Event } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Modal } from '../../ui/modal.tsx';
import { AvailabilityBadge } from './availability-badge.tsx';

/** The event info modal: when, where, how long, when on sale, fees, and the two-day link. */
export function EventInfoModal(props: { event: Event; series: CalendarSeries; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { event } = props;
  const minutes = event.EndDate
    ? Math.round((Date.parse(event.EndDate) - Date.parse(event.LocalDate)) / 60_000)
    : null;
  const rows: [string, string][] = [
    [t('eventInfo.date'), format.longDay(event.LocalDate)],
    [
      t('eventInfo.time'),
      event.EndDate
        ? `${format.time(event.LocalDate)} – ${format.time(event.EndDate)}`
        : format.time(event.LocalDate),
    ],
    ...(minutes && minutes > 0
      ? [
          [
            t('eventInfo.duration'),
            t('eventInfo.durationValue', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }),
          ] as [string, string],
        ]
      : []),
    [t('eventInfo.venue'), event.Venue.DisplayName],
    ...(event.IsBeforeSaleDate
      ? [
          [
            t('eventInfo.onSale'),
            `${format.longDay(event.LocalOnSaleDate)}, ${format.time(event.LocalOnSaleDate)}`,
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Modal title={event.Name} onClose={props.onClose} className="event-info">
      <dl className="event-info__facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('eventInfo.availability')}</dt>
          <dd>
            <AvailabilityBadge event={event} />
          </dd>
        </div>
      </dl>
      {event.linkedEvent && (
        <p className="event-info__linked">
          {t('series.linkedWith', {
            name: event.linkedEvent.name,
            date: format.day(event.linkedEvent.localDate),
          })}
        </p>
      )}
      {event.UpfrontFeeDisclosure && <p className="fee-disclosure">{event.UpfrontFeeDisclosure}</p>}
      {props.series.Description && <p className="event-info__description">{props.series.Description}</p>}
    </Modal>
  );
}
