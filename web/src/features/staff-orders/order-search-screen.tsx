import { Link, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { instantOf, moneyOf } from './order-money.ts';
import { hasPermission } from '../staff/admin-access.ts';
import { PerformancePicker, type PickedPerformance } from '../staff/performance-picker.tsx';
import { isSearching, type OrderSearch } from './order-search-params.ts';
import { fetchSellTicketSeatMap } from '../sell/sell-api.ts';
import { searchOrders, type OrderSearchAnswer } from './staff-orders-api.ts';
import './staff-orders.css';

type Found =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; found: OrderSearchAnswer }
  | { status: 'error'; message: string };

/** /admin/orders: one box finds an order by number, barcode, name, e-mail or phone. */
export function OrderSearchScreen(props: { search: OrderSearch }) {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('staffOrders.searchTitle'));
  const navigate = useNavigate();
  const { search } = props;
  const [text, setText] = useState(search.q ?? '');
  // The performance filter is chosen by name or date (performance-picker.tsx) with the selling
  // search, which only staff who sell may call: the others search without it.
  const { staff } = useRouteContext({ from: '/admin' });
  const mayPickPerformance = hasPermission(staff, 'sell');
  const [performance, setPerformance] = useState<PickedPerformance | null>(null);
  const [date, setDate] = useState(search.date ?? '');
  const [found, setFound] = useState<Found>({ status: 'idle' });
  const captionId = useId();

  // A search opened from its address names its performance by id: the picker shows it in words.
  useEffect(() => {
    if (!search.eventId || !mayPickPerformance) {
      setPerformance(null);
      return;
    }
    const abort = new AbortController();
    fetchSellTicketSeatMap(search.eventId, abort.signal).then(
      (event) =>
        setPerformance({
          EventID: event.EventID,
          Name: event.EventName,
          LocalDate: event.LocalDate,
          VenueName: event.VenueName,
        }),
      () => undefined,
    );
    return () => abort.abort();
  }, [search.eventId, mayPickPerformance]);

  useEffect(() => {
    setText(search.q ?? '');
    setDate(search.date ?? '');
    if (!isSearching(search)) {
      setFound({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setFound({ status: 'loading' });
    searchOrders(search, controller.signal).then(
      (answer) => setFound({ status: 'ready', found: answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFound({
          status: 'error',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('staffOrders.searchFailed'),
        });
      },
    );
    return () => controller.abort();
  }, [search, t]);

  const go = (next: OrderSearch) => void navigate({ to: '/admin/orders', search: next as never });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({
      ...(text.trim() ? { q: text.trim() } : {}),
      ...(performance ? { eventId: performance.EventID } : {}),
      ...(date ? { date } : {}),
    });
  };
  const page = search.page ?? 1;
  const when = instantOf(i18n.language, null);

  return (
    <div className="staff-orders">
      <div className="page-intro">
        <p className="eyebrow">{t('admin.title')}</p>
        <h1>{t('staffOrders.searchTitle')}</h1>
        <p>{t('staffOrders.searchIntro')}</p>
      </div>
      <form className="staff-orders__search admin-card" role="search" onSubmit={submit}>
        <label className="staff-orders__field staff-orders__q">
          <span className="field-label">{t('staffOrders.searchLabel')}</span>
          <input
            className="text-input"
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('staffOrders.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <label className="staff-orders__field">
          <span className="field-label">{t('staffOrders.date')}</span>
          <input className="text-input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        {mayPickPerformance && (
          <div className="staff-orders__field staff-orders__performance">
            <PerformancePicker
              legend={t('staffOrders.performance')}
              value={performance}
              onChange={setPerformance}
            />
          </div>
        )}
        <button type="submit" className="button">
          {t('staffOrders.searchButton')}
        </button>
      </form>

      {found.status === 'idle' && <p className="empty-state">{t('staffOrders.searchHint')}</p>}
      {found.status === 'loading' && <Loading label={t('staffOrders.searching')} />}
      {found.status === 'error' && (
        <p className="staff-orders__error" role="alert">
          {found.message}
        </p>
      )}
      {found.status === 'ready' && found.found.Orders.length === 0 && (
        <p className="empty-state" data-testid="order-search-empty">
          {t('staffOrders.nothingFound')}
        </p>
      )}
      {found.status === 'ready' && found.found.Orders.length > 0 && (
        <section aria-labelledby={captionId}>
          <p className="staff-orders__count" aria-live="polite">
            {t('staffOrders.found', { count: found.found.Total })}
          </p>
          <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="admin-table" data-testid="order-search-results">
              <caption id={captionId} className="visually-hidden">
                {t('staffOrders.resultsCaption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('staffOrders.order')}</th>
                  <th scope="col">{t('staffOrders.customer')}</th>
                  <th scope="col">{t('staffOrders.events')}</th>
                  <th scope="col">{t('staffOrders.created')}</th>
                  <th scope="col">{t('staffOrders.status')}</th>
                  <th scope="col" className="staff-orders__num">
                    {t('staffOrders.tickets')}
                  </th>
                  <th scope="col" className="staff-orders__num">
                    {t('staffOrders.total')}
                  </th>
                  <th scope="col" className="staff-orders__num">
                    {t('staffOrders.balanceDue')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.found.Orders.map((o) => {
                  const money = moneyOf(o.Currency);
                  return (
                    <tr key={o.Id} data-order-id={o.Id}>
                      <th scope="row">
                        <Link to="/admin/orders/$orderId" params={{ orderId: String(o.Id) }}>
                          {o.Name}
                        </Link>
                      </th>
                      <td>
                        <span className="staff-orders__who">
                          {o.CustomerName ?? t('staffOrders.noCustomer')}
                        </span>
                        {o.Email && <span className="staff-orders__meta">{o.Email}</span>}
                        {o.Phone && <span className="staff-orders__meta">{o.Phone}</span>}
                      </td>
                      <td>{o.EventNames.join(', ')}</td>
                      <td>
                        <time dateTime={o.CreatedAt}>{when(o.CreatedAt)}</time>
                      </td>
                      <td>{t(`staffOrders.orderStatus.${o.Status}`, { defaultValue: o.Status })}</td>
                      <td className="staff-orders__num">{o.TicketCount}</td>
                      <td className="staff-orders__num">{money(o.Total)}</td>
                      <td className="staff-orders__num">{money(o.BalanceDue)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {(page > 1 || found.found.Total > page * found.found.PageSize) && (
            <nav className="staff-orders__pages" aria-label={t('staffOrders.pages')}>
              {page > 1 && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => go({ ...search, page: page - 1 })}
                >
                  {t('staffOrders.previous')}
                </button>
              )}
              <span>{t('staffOrders.page', { page })}</span>
              {found.found.Total > page * found.found.PageSize && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => go({ ...search, page: page + 1 })}
                >
                  {t('staffOrders.next')}
                </button>
              )}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
