import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellEvent } from '../../../../adapters/http/contract/staff-inventory.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ExchangeBanner } from '../exchanges/exchange-banner.tsx';
import { searchToSell } from './sell-api.ts';
import './sell.css';

// /admin/selltickets/seriestickets/{seriesCode}: a series' upcoming performances for the clerk,
// each opening its staff seat map.

export function StaffSeriesScreen(props: { seriesCode: string }) {
  const { t } = useTranslation('admin');
  const format = useDateFormat();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; events: SellEvent[] } | { status: 'error'; error: unknown }
  >({ status: 'loading' });
  const code = props.seriesCode;
  useEffect(() => {
    const controller = new AbortController();
    searchToSell({ q: code, limit: 100 }, controller.signal).then(
      (found) =>
        setState({
          status: 'ready',
          events: found.Events.filter((e) => e.SeriesCode.toLowerCase() === code.toLowerCase()),
        }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [code]);
  const name = state.status === 'ready' ? (state.events[0]?.SeriesName ?? code) : code;
  usePageTitle(t('sell.seriesPageTitle', { series: name }));

  if (state.status === 'loading') return <Loading label={t('sell.searching')} />;
  if (state.status === 'error') return <ErrorPanel title={t('sell.searchFailed')} error={state.error} />;
  return (
    <div className="sell-home">
      <nav className="breadcrumb" aria-label={t('sell.breadcrumb')}>
        <ol>
          <li>
            <Link to="/admin/v2/sell-tickets">{t('sell.title')}</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <ExchangeBanner />
      <div className="page-intro">
        <p className="eyebrow">{code}</p>
        <h1>{name}</h1>
      </div>
      <section className="admin-card" aria-labelledby="series-events-title">
        <h2 id="series-events-title">{t('sell.upcoming')}</h2>
        {state.events.length === 0 ? (
          <p>{t('sell.nothingUpcoming')}</p>
        ) : (
          <ul className="sell-dates">
            {state.events.map((e) => (
              <li key={e.EventID}>
                <Link
                  to="/admin/selltickets/seriestickets/$seriesCode/$eventUrlName"
                  params={{ seriesCode: e.SeriesCode, eventUrlName: e.UrlSafeName }}
                  search={{ startDate: e.StartDate, eventId: String(e.EventID) } as never}
                  className="sell-dates__link"
                >
                  <time dateTime={e.LocalDate}>
                    {format.longDay(e.LocalDate)} · {format.time(e.LocalDate)}
                  </time>
                  <span className="sell-dates__meta">
                    {e.VenueName} · {t('sell.openOf', { open: e.Open, total: e.Total })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
