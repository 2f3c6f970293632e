import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { SeriesSearch } from '../catalogue/series-search.ts';
import { fetchSeriesDates, type EventData } from './seatmap-api.ts';

// Changing performance from the map: the selection is cleared (the new
// screen starts empty, and says so), heavy on-sale dates open best available, and startDate
// follows the new date.

let clearedNotice = false;

/** True once after a change of performance dropped a selection. */
export const takeClearedNotice = (): boolean => {
  const notice = clearedNotice;
  clearedNotice = false;
  return notice;
};

/** '2026-12-01T19:30:00' -> '12-01-2026' (the URLs' MM-DD-YYYY). */
export const startDateOf = (localDate: string): string =>
  `${localDate.slice(5, 7)}-${localDate.slice(8, 10)}-${localDate.slice(0, 4)}`;

export function EventSwitcher(props: {
  event: EventData;
  eventCode: string;
  search: SeriesSearch;
  hasSelection: boolean;
  /** Reads the other dates only when true (after the map is drawn). */
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const format = useDateFormat();
  const [dates, setDates] = useState<readonly EventData[]>([props.event]);

  useEffect(() => {
    if (!props.enabled) return;
    const controller = new AbortController();
    fetchSeriesDates(props.event.EventTemplateCode, controller.signal).then(
      (list) => {
        const items = list.Items.some((e) => e.ID === props.event.ID)
          ? list.Items
          : [props.event, ...list.Items];
        setDates(items);
      },
      () => undefined, // the current date stays the only choice
    );
    return () => controller.abort();
  }, [props.event, props.enabled]);

  const change = (value: string) => {
    const next = dates.find((e) => String(e.ID) === value);
    if (!next || next.ID === props.event.ID) return;
    clearedNotice = props.hasSelection;
    const search = { ...props.search, startDate: startDateOf(next.LocalDate) };
    const params = { eventCode: props.eventCode, eventId: String(next.ID) };
    void navigate(
      next.UseHeavyOnSale
        ? { to: '/tickets/series/$eventCode/$eventId/bestAvailable', params, search }
        : { to: '/tickets/series/$eventCode/$eventId', params, search },
    );
  };

  return (
    <div className="event-switcher">
      <label htmlFor={id}>{t('seatmap.changeDate')}</label>
      <select id={id} value={String(props.event.ID)} onChange={(event) => change(event.target.value)}>
        {dates.map((e) => (
          <option
            key={e.ID}
            value={String(e.ID)}
            disabled={e.Availability === 'SoldOut' && e.ID !== props.event.ID}
          >
            {format.day(e.LocalDate)} · {format.time(e.LocalDate)}
            {e.Availability === 'SoldOut' ? ` · ${t('availability.SoldOut')}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
