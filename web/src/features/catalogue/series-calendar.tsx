import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { formatLocalDate } from '../../i18n/local-date.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { buildCalendarDays, linkedPartnerDay, weeksOf, type CalendarDay } from './calendar-days.ts';
import { addDays, isoDay, type Day, type Month } from './calendar-month.ts';
import { PerformanceCard } from './performance-card.tsx';
import type { PerformanceContext } from './performance-context.ts';
import { weekStartOf } from './week-start.ts';

type Cell = CalendarDay<Event>;

/** The open day's performances, under its week (the day tray). */
function DayTray({ day, context, id }: { day: Cell; context: PerformanceContext; id: string }) {
  const format = useDateFormat();
  return (
    <section className="day-tray" id={id} aria-labelledby={`${id}-title`}>
      <h3 className="day-tray__title" id={`${id}-title`} tabIndex={-1}>
        {format.longDay(day.formattedDate)}
      </h3>
      <ul className="performance-list">
        {day.events.map((event) => (
          <li key={event.ID}>
            <PerformanceCard event={event} context={context} showDate={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The month as a table of weeks. A day with performances is a toggle button: selecting it opens
 * its tray under the week, selecting it again closes it. Each performance adds a dot in its
 * availability colour (at most six); the tray says the same in words.
 */
export function SeriesCalendar(props: {
  month: Month;
  events: readonly Event[];
  today: Day;
  openDay: string | null;
  onToggleDay: (day: Day, open: boolean) => void;
  context: PerformanceContext;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const weekStartsOn = weekStartOf(format.locale);
  const days = useMemo(
    () => buildCalendarDays(props.month, props.events, weekStartsOn),
    [props.month, props.events, weekStartsOn],
  );
  const weeks = weeksOf(days);
  const todayIso = isoDay(props.today);
  const open = days.find((d) => d.formattedDate === props.openDay && d.isInMonth && d.events.length > 0);
  const partners = new Set((open?.events ?? []).map(linkedPartnerDay).filter((d): d is string => d !== null));
  const trayId = 'day-tray';
  // 29 November 2026 was a Sunday: the weekday names from there.
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    isoDay(addDays({ year: 2026, month: 11, day: 29 }, weekStartsOn + i)),
  );
  const monthTitle = format.month(isoDay({ ...props.month, day: 1 }));

  return (
    <table className="calendar">
      <caption className="visually-hidden">{t('calendar.caption', { month: monthTitle })}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d} scope="col">
              <abbr title={formatLocalDate(d, format.locale, { weekday: 'long' })}>
                {formatLocalDate(d, format.locale, { weekday: 'short' })}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <Fragment key={week[0]!.formattedDate}>
            <tr>
              {week.map((day) => {
                const isOpen = open?.formattedDate === day.formattedDate;
                const isPast = day.formattedDate < todayIso;
                const classes = [
                  'calendar__day',
                  day.isInMonth ? '' : 'calendar__day--outside',
                  day.events.length > 0 ? 'calendar__day--has-events' : '',
                  isPast ? 'calendar__day--past' : '',
                  day.formattedDate === todayIso ? 'calendar__day--today' : '',
                  isOpen ? 'calendar__day--open' : '',
                  partners.has(day.formattedDate) ? 'calendar__day--partner' : '',
                  day.isLinkedLeft ? 'calendar__day--linked-left' : '',
                  day.isLinkedRight ? 'calendar__day--linked-right' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                const dots = (
                  <span className="calendar__dots" aria-hidden="true">
                    {day.availabilityColors.map((color, i) => (
                      <span key={i} className="calendar__dot" style={{ background: color }} />
                    ))}
                  </span>
                );
                if (!day.isInMonth)
                  return (
                    <td key={day.formattedDate} className={classes}>
                      <span className="visually-hidden">{format.longDay(day.formattedDate)}</span>
                      <span className="calendar__number" aria-hidden="true">
                        {day.date.day}
                      </span>
                    </td>
                  );
                return (
                  <td key={day.formattedDate} className={classes} data-date={day.formattedDate}>
                    {day.events.length > 0 ? (
                      <button
                        type="button"
                        className="calendar__button"
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? trayId : undefined}
                        aria-label={t('calendar.dayLabel', {
                          day: format.longDay(day.formattedDate),
                          count: day.events.length,
                        })}
                        onClick={() => props.onToggleDay(day.date, !isOpen)}
                      >
                        <span className="calendar__number">{day.date.day}</span>
                        {dots}
                      </button>
                    ) : (
                      <span className="calendar__number">{day.date.day}</span>
                    )}
                  </td>
                );
              })}
            </tr>
            {open && week.includes(open) && (
              <tr className="calendar__tray-row">
                <td colSpan={7}>
                  <DayTray day={open} context={props.context} id={trayId} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
