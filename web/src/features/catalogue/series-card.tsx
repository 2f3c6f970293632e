import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { SeriesSummary } from './group-by-series.ts';
import { SeriesArt } from './series-art.tsx';

/** One series on What's on: the whole card leads to its dates. */
export function SeriesCard({ series }: { series: SeriesSummary }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const datesLabel = useId();
  return (
    <article className="series-card">
      <SeriesArt
        code={series.code}
        name={series.name}
        imageUrl={series.imageUrl}
        className="series-card__art"
      />
      <div className="series-card__body">
        <p className="eyebrow">{series.venue}</p>
        <h2 className="series-card__title">
          <Link
            to="/tickets/series/$eventCode"
            params={{ eventCode: series.code }}
            className="series-card__link"
          >
            {series.name}
          </Link>
        </h2>
        <p className="series-card__label" id={datesLabel}>
          {t('home.nextDates')}
        </p>
        <ul className="date-chips" aria-labelledby={datesLabel}>
          {series.events.map((event) => (
            <li key={event.ID}>
              <time dateTime={event.LocalDate}>
                <span className="date-chips__day">{format.day(event.LocalDate)}</span>
                <span className="date-chips__time">{format.time(event.LocalDate)}</span>
              </time>
            </li>
          ))}
        </ul>
        <span className="series-card__cta" aria-hidden="true">
          {t('home.seeDates')} <span className="arrow">→</span>
        </span>
      </div>
    </article>
  );
}
