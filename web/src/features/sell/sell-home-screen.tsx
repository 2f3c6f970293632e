import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellSearchAnswer } from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { FindOrderForm } from '../staff-orders/find-order-form.tsx';
import { altKey, KeyHint, KeyLegend, useShortcut } from '../counter/shortcuts.tsx';
import { SavedBasketsPanel } from './saved-baskets-panel.tsx';
import { searchToSell } from './sell-api.ts';
import { fromDateInput, toDateInput } from './sell-dates.ts';
import './sell.css';

// /admin/v2/sell-tickets: the clerk's home. One box finds a show by name, series code or date
// (a date picker too); with nothing typed it lists what is coming up. The clerk lands here after
// a sale or when a basket runs out. By keyboard: the box has the focus (Alt+S brings it back), and
// once a search answers the first performance's Sell has it, so Enter opens its seat map.

export interface SellHomeSearch {
  readonly q?: string;
  /** MM-DD-YYYY */
  readonly date?: string;
}

export function SellHomeScreen(props: { search: SellHomeSearch }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const format = useDateFormat();
  usePageTitle(t('sell.title'));
  const [text, setText] = useState(props.search.q ?? '');
  const [date, setDate] = useState(toDateInput(props.search.date));
  const [answer, setAnswer] = useState<
    | { status: 'loading' }
    | { status: 'ready'; found: SellSearchAnswer }
    | { status: 'error'; message: string }
  >({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setAnswer({ status: 'loading' });
    searchToSell({ q: props.search.q, date: props.search.date }, controller.signal).then(
      (found) => setAnswer({ status: 'ready', found }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          status: 'error',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('sell.searchFailed'),
        });
      },
    );
    return () => controller.abort();
  }, [props.search.q, props.search.date, t]);

  const searchBox = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);
  useShortcut('s', () => searchBox.current?.focus());
  const searching = Boolean(props.search.q || props.search.date);
  const firstSell = answer.status === 'ready' && searching ? answer.found.Events[0]?.EventID : undefined;
  useEffect(() => {
    if (firstSell !== undefined) results.current?.querySelector<HTMLElement>('.sell-events__sell')?.focus();
  }, [firstSell]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search: SellHomeSearch = {
      ...(text.trim() ? { q: text.trim() } : {}),
      ...(date ? { date: fromDateInput(date) } : {}),
    };
    void navigate({ to: '/admin/v2/sell-tickets', search: search as never });
  };

  return (
    <div className="sell-home">
      <div className="page-intro">
        <p className="eyebrow">{t('admin.title')}</p>
        <h1>{t('sell.title')}</h1>
        <KeyLegend
          items={[
            { keys: altKey('s'), what: t('keys.sell.search') },
            { keys: 'Enter', what: t('keys.sell.first') },
          ]}
        />
      </div>
      <div className="sell-home__top">
        <form className="sell-search admin-card" role="search" onSubmit={submit}>
          <div className="sell-search__field sell-search__field--text">
            <span className="key-label">
              <label htmlFor="sell-search-text">{t('sell.searchLabel')}</label>
              <KeyHint keys={altKey('s')} />
            </span>
            <input
              id="sell-search-text"
              ref={searchBox}
              // The clerk's first keystroke finds the show.
              autoFocus
              aria-keyshortcuts={altKey('s')}
              type="search"
              value={text}
              maxLength={100}
              placeholder={t('sell.searchPlaceholder')}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <div className="sell-search__field">
            <label htmlFor="sell-search-date">{t('sell.dateLabel')}</label>
            <input id="sell-search-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <button type="submit" className="button">
            {t('sell.searchButton')}
          </button>
          {searching && (
            <Link
              to="/admin/v2/sell-tickets"
              className="button button--quiet"
              onClick={() => (setText(''), setDate(''))}
            >
              {t('sell.clearSearch')}
            </Link>
          )}
        </form>
        <SavedBasketsPanel />
      </div>
      <FindOrderForm />

      {answer.status === 'loading' && <Loading label={t('sell.searching')} />}
      {answer.status === 'error' && (
        <p className="sell-home__error" role="alert">
          {answer.message}
        </p>
      )}
      {answer.status === 'ready' && (
        <div className="sell-results" aria-live="polite" ref={results}>
          {answer.found.Series.length > 0 && (
            <section className="admin-card" aria-labelledby="sell-series-title">
              <h2 id="sell-series-title">{t('sell.seriesTitle')}</h2>
              <ul className="sell-series">
                {answer.found.Series.map((s) => (
                  <li key={s.ID}>
                    <Link
                      to="/admin/selltickets/seriestickets/$seriesCode"
                      params={{ seriesCode: s.Code }}
                      className="sell-series__link"
                    >
                      <span className="sell-series__name">{s.Name}</span>
                      <span className="sell-series__meta">
                        {s.Code} · {t('sell.performances', { count: s.UpcomingCount })}
                        {s.NextLocalDate ? ` · ${t('sell.next', { date: format.day(s.NextLocalDate) })}` : ''}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="admin-card" aria-labelledby="sell-events-title">
            <h2 id="sell-events-title">{searching ? t('sell.eventsFound') : t('sell.upcoming')}</h2>
            {answer.found.Events.length === 0 ? (
              <p>{searching ? t('sell.nothingFound') : t('sell.nothingUpcoming')}</p>
            ) : (
              <table className="sell-events">
                <thead>
                  <tr>
                    <th scope="col">{t('sell.colEvent')}</th>
                    <th scope="col">{t('sell.colWhen')}</th>
                    <th scope="col">{t('sell.colVenue')}</th>
                    <th scope="col">{t('sell.colOpen')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('sell.colAction')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {answer.found.Events.map((e) => (
                    <tr key={e.EventID} data-event-id={e.EventID}>
                      <td>
                        <span className="sell-events__name">{e.Name}</span>
                        <span className="sell-events__code">{e.SeriesCode}</span>
                      </td>
                      <td>
                        <time dateTime={e.LocalDate}>
                          {format.day(e.LocalDate)} · {format.time(e.LocalDate)}
                        </time>
                      </td>
                      <td>{e.VenueName}</td>
                      <td>{t('sell.openOf', { open: e.Open, total: e.Total })}</td>
                      <td>
                        <Link
                          to="/admin/selltickets/seriestickets/$seriesCode/$eventUrlName"
                          params={{ seriesCode: e.SeriesCode, eventUrlName: e.UrlSafeName }}
                          search={{ startDate: e.StartDate, eventId: String(e.EventID) } as never}
                          className="button button--small sell-events__sell"
                          aria-label={t('sell.sellFor', { event: e.Name, date: format.day(e.LocalDate) })}
                        >
                          {t('sell.sell')}
                        </Link>
                        <Link
                          to="/admin/v2/event/$id/checkin"
                          params={{ id: String(e.EventID) }}
                          className="button button--small button--secondary"
                          aria-label={t('checkin.linkFor', { event: e.Name, date: format.day(e.LocalDate) })}
                        >
                          {t('checkin.link')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
