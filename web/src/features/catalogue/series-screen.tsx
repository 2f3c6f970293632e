import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { EventDateRow } from './event-date-row.tsx';
import { groupByMonth } from './group-by-month.ts';
import type { SeriesData } from './load-series.ts';
import { SeriesArt } from './series-art.tsx';
import type { SeriesSearch } from './series-search.ts';
import './catalogue.css';

/** A series and its upcoming dates as a list (the month calendar comes with a later issue). */
export function SeriesScreen({ data, search }: { data: SeriesData; search: SeriesSearch }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { series, events } = data;
  usePageTitle(series.Name);
  const venues = [...new Set(events.map((event) => event.Venue.DisplayName))];
  const months = groupByMonth(events);
  return (
    <>
      <nav className="breadcrumb" aria-label={t('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('nav.whatsOn')}</Link>
          </li>
          <li aria-current="page">{series.Name}</li>
        </ol>
      </nav>
      <div className="series-hero">
        <SeriesArt
          code={series.Code}
          name={series.Name}
          imageUrl={series.ImageUrl}
          className="series-hero__art"
        />
        <div className="series-hero__text">
          {venues.length === 1 && <p className="eyebrow">{venues[0]}</p>}
          <h1>{series.Name}</h1>
          {series.Description && <p className="series-hero__description">{series.Description}</p>}
          <p className="series-hero__count">{t('series.dateCount', { count: events.length })}</p>
        </div>
      </div>
      <section className="series-dates" aria-labelledby="series-dates-title">
        <h2 id="series-dates-title">{t('series.upcoming')}</h2>
        {events.length === 0 ? (
          <p className="empty-state">{t('series.noDates')}</p>
        ) : (
          <>
            <p className="series-dates__hint">{t('series.calendarNote')}</p>
            {months.map((month) => (
              <section key={month.key} className="month" aria-labelledby={`month-${month.key}`}>
                <h3 id={`month-${month.key}`} className="month__title">
                  {format.month(`${month.key}-01`)}
                </h3>
                <ul className="date-list">
                  {month.events.map((event) => (
                    <li key={event.ID}>
                      <EventDateRow
                        event={event}
                        seriesName={series.Name}
                        search={search}
                        showVenue={venues.length > 1}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </section>
    </>
  );
}

export function SeriesLoading() {
  const { t } = useTranslation();
  return <Loading label={t('series.loading')} />;
}

export function SeriesError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorPanel title={t('series.error')} error={error} />;
}

export function SeriesNotFound({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('series.notFoundTitle')}
      body={t('series.notFoundBody', { code })}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
