import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import type { SeriesSummary } from './group-by-series.ts';
import { SeriesCard } from './series-card.tsx';
import './catalogue.css';

/** What's on: every series with its next dates. */
export function HomeScreen({ series }: { series: SeriesSummary[] }) {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  return (
    <>
      <div className="page-intro">
        <h1>{t('home.title')}</h1>
        <p>{t('home.intro')}</p>
      </div>
      {series.length === 0 ? (
        <p className="empty-state">{t('home.empty')}</p>
      ) : (
        <ul className="series-grid">
          {series.map((s) => (
            <li key={s.code}>
              <SeriesCard series={s} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function HomeLoading() {
  const { t } = useTranslation();
  return <Loading label={t('home.loading')} />;
}

export function HomeError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorPanel title={t('home.error')} error={error} />;
}
