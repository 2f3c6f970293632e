import { useTranslation } from 'react-i18next';
import type { CalendarSeries } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { SeriesArt } from './series-art.tsx';

/** The series' picture, venue, name, description and the days its run spans. */
export function SeriesHero({ series, venue }: { series: CalendarSeries; venue: string | undefined }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const first = series.FirstSeriesCodeDates;
  const last = series.LastSeriesCodeDates;
  return (
    <div className="series-hero">
      <SeriesArt
        code={series.Code}
        name={series.Name}
        imageUrl={series.ImageUrl}
        className="series-hero__art"
      />
      <div className="series-hero__text">
        {venue && <p className="eyebrow">{venue}</p>}
        <h1>{series.Name}</h1>
        {series.Description && <p className="series-hero__description">{series.Description}</p>}
        {first && last && (
          <p className="series-hero__count">
            {first === last
              ? format.day(first)
              : t('series.runs', { from: format.day(first), to: format.day(last) })}
          </p>
        )}
      </div>
    </div>
  );
}
