import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TillFilters,
  TillFigures,
  TillReport,
  TillRow,
} from '../../../../adapters/http/contract/till.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { shownCounter } from '../staff-basket/pos-settings.ts';
import { paymentTypeName } from '../staff-orders/order-sections.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { fetchTill, fetchTillFilters, type TillSearch } from './till-api.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import './till.css';

type Figure = keyof TillFigures;
const MONEY_COLUMNS: { figure: Figure; key: string }[] = [
  { figure: 'Cash', key: 'till.cash' },
  { figure: 'Check', key: 'till.check' },
  { figure: 'Card', key: 'till.card' },
  { figure: 'Comp', key: 'till.comp' },
  { figure: 'Custom', key: 'till.custom' },
  { figure: 'RefundsPaidOut', key: 'till.refundsPaidOut' },
  { figure: 'CashExpected', key: 'till.cashExpected' },
];

/** Lines paid out (refunds): the rest are the payments counted in PaymentCount. */
const refundCount = (row: TillRow) => row.Orders.filter((line) => line.Amount < 0).length;

const rowKey = (row: TillRow) => `${row.SellerId ?? row.SellerName}|${row.Counter}`;

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/** /admin/v2/till: the till at shift close, per seller and counter, with the orders behind it. */
export function TillScreen(props: { search: TillSearch; onSearch: (search: TillSearch) => void }) {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('till.title'));
  const { search, onSearch } = props;
  const [report, setReport] = useState<Load<TillReport>>({ state: 'loading' });
  const [filters, setFilters] = useState<TillFilters>({ Sellers: [], Counters: [] });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const captionId = useId();

  useEffect(() => {
    const abort = new AbortController();
    fetchTillFilters(abort.signal).then(setFilters, () => undefined);
    return () => abort.abort();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setReport({ state: 'loading' });
    fetchTill(search, abort.signal).then(
      (value) => setReport({ state: 'ready', value }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setReport({
          state: 'failed',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('till.failed'),
        });
      },
    );
    return () => abort.abort();
  }, [search, t]);

  const change = (next: Partial<TillSearch>) => {
    const merged = { ...search, ...next };
    onSearch({
      date: merged.date,
      ...(merged.sellerId === undefined ? {} : { sellerId: merged.sellerId }),
      ...(merged.counter === undefined ? {} : { counter: merged.counter }),
    });
  };

  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="till">
      <div className="page-intro">
        <h1>{t('till.title')}</h1>
        <p>{t('till.intro')}</p>
      </div>
      <form className="till__filters" onSubmit={(e) => e.preventDefault()} aria-label={t('till.filters')}>
        <label className="field">
          <span className="field-label">{t('till.date')}</span>
          <input
            type="date"
            className="text-input"
            value={search.date}
            required
            data-testid="till-date"
            onChange={(e) => e.target.value && change({ date: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('till.seller')}</span>
          <select
            className="text-input"
            value={search.sellerId ?? ''}
            data-testid="till-seller"
            onChange={(e) => change({ sellerId: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t('till.allSellers')}</option>
            {filters.Sellers.map((s) => (
              <option key={s.SellerId} value={s.SellerId}>
                {s.SellerName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('till.counter')}</span>
          <select
            className="text-input"
            value={search.counter ?? ''}
            data-testid="till-counter"
            onChange={(e) => change({ counter: e.target.value || undefined })}
          >
            <option value="">{t('till.allCounters')}</option>
            {filters.Counters.map((c) => (
              <option key={c} value={c}>
                {shownCounter(c, t)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--secondary till__print" onClick={() => window.print()}>
          {t('till.print')}
        </button>
      </form>

      {report.state === 'loading' && <Loading label={t('till.loading')} />}
      {report.state === 'failed' && (
        <p className="till__error" role="alert">
          {report.message}
        </p>
      )}
      {report.state === 'ready' && (
        <TillTable
          report={report.value}
          open={open}
          onToggle={toggle}
          onAll={(all) => setOpen(all ? new Set(report.value.Rows.map(rowKey)) : new Set())}
          captionId={captionId}
          language={i18n.language}
        />
      )}
    </div>
  );
}

function TillTable(props: {
  report: TillReport;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onAll: (all: boolean) => void;
  captionId: string;
  language: string;
}) {
  const { t } = useTranslation('admin');
  const { report, open } = props;
  const money = (n: number) => formatMoney(n, report.CurrencyLocale);
  const time = new Intl.DateTimeFormat(props.language, { timeStyle: 'short', timeZone: report.TimeZone });
  const day = new Intl.DateTimeFormat(props.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${report.Date}T00:00:00Z`),
  );
  const allOpen = report.Rows.length > 0 && report.Rows.every((r) => open.has(rowKey(r)));
  const columns = MONEY_COLUMNS.length + 4;

  return (
    <section className="till__report" aria-labelledby={props.captionId}>
      <p className="till__summary" data-testid="till-summary">
        {t('till.summary', { day, zone: zoneName(report.TimeZone), currency: report.Currency })}
      </p>
      {report.OtherCurrencyPayments > 0 && (
        <p className="till__notice">{t('till.otherCurrency', { count: report.OtherCurrencyPayments })}</p>
      )}
      {report.Rows.length === 0 ? (
        <p className="empty-state" data-testid="till-empty">
          {t('till.empty')}
        </p>
      ) : (
        <>
          <p className="till__expand-all">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => props.onAll(!allOpen)}
            >
              {t(allOpen ? 'till.collapseAll' : 'till.expandAll')}
            </button>
          </p>
          <div className="admin-table-wrap" role="region" aria-labelledby={props.captionId} tabIndex={0}>
            <table className="admin-table till__table" data-testid="till-table">
              <caption id={props.captionId} className="visually-hidden">
                {t('till.caption', { day })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('till.seller')}</th>
                  <th scope="col">{t('till.counter')}</th>
                  {MONEY_COLUMNS.map((c) => (
                    <th scope="col" key={c.figure} className="till__num">
                      {t(c.key)}
                    </th>
                  ))}
                  <th scope="col" className="till__num">
                    {t('till.payments')}
                  </th>
                  <th scope="col" className="till__orders-col">
                    <span className="visually-hidden">{t('till.orders')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.Rows.map((row) => {
                  const key = rowKey(row);
                  const expanded = open.has(key);
                  const refunds = refundCount(row);
                  const counter = shownCounter(row.Counter, t);
                  const ordersId = `till-orders-${key.replace(/[^a-zA-Z0-9]/g, '-')}`;
                  return (
                    <Fragment key={key}>
                      <tr data-testid="till-row">
                        <th scope="row">{row.SellerName}</th>
                        <td>{counter}</td>
                        {MONEY_COLUMNS.map((c) => (
                          <td key={c.figure} className="till__num" data-figure={c.figure}>
                            {money(row[c.figure])}
                            {c.figure === 'CashExpected' && (
                              <CashShort figure={row.CashExpected} money={money} />
                            )}
                          </td>
                        ))}
                        <td className="till__num" data-figure="PaymentCount">
                          {row.PaymentCount}
                        </td>
                        <td className="till__orders-col">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-expanded={expanded}
                            aria-controls={ordersId}
                            onClick={() => props.onToggle(key)}
                          >
                            {expanded
                              ? t('till.hideOrders', { count: row.Orders.length })
                              : refunds === 0
                                ? t('till.showOrders', { count: row.PaymentCount })
                                : t('till.showOrdersAndRefunds', {
                                    count: row.PaymentCount,
                                    refunds: t('till.refundCount', { count: refunds }),
                                  })}
                          </button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr className="till__orders" id={ordersId}>
                          <td colSpan={columns}>
                            <table className="till__lines" data-testid="till-lines">
                              <caption className="visually-hidden">
                                {t('till.ordersOf', { seller: row.SellerName, counter })}
                              </caption>
                              <thead>
                                <tr>
                                  <th scope="col">{t('till.order')}</th>
                                  <th scope="col">{t('till.type')}</th>
                                  <th scope="col">{t('till.method')}</th>
                                  <th scope="col" className="till__num">
                                    {t('till.amount')}
                                  </th>
                                  <th scope="col">{t('till.at')}</th>
                                </tr>
                              </thead>
                              <tbody>
                                {row.Orders.map((line) => (
                                  <tr key={line.PaymentId}>
                                    <td>
                                      <a href={`/admin/orders/${line.OrderId}/audit`}>{line.OrderName}</a>
                                    </td>
                                    <td>{paymentTypeName(line.PaymentType, t)}</td>
                                    <td>
                                      {line.PaymentMethodName === line.PaymentType
                                        ? ''
                                        : (line.PaymentMethodName ?? '')}
                                    </td>
                                    <td className="till__num">{money(line.Amount)}</td>
                                    <td>
                                      <time dateTime={line.At}>{time.format(new Date(line.At))}</time>
                                    </td>
                                  </tr>
                                ))}
                              </tbody>
                            </table>
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
              <tfoot>
                <tr data-testid="till-totals">
                  <th scope="row" colSpan={2}>
                    {t('till.total')}
                  </th>
                  {MONEY_COLUMNS.map((c) => (
                    <td key={c.figure} className="till__num" data-figure={c.figure}>
                      {money(report.Totals[c.figure])}
                      {c.figure === 'CashExpected' && (
                        <CashShort figure={report.Totals.CashExpected} money={money} />
                      )}
                    </td>
                  ))}
                  <td className="till__num" data-figure="PaymentCount">
                    {report.Totals.PaymentCount}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Below a negative cash expected: more cash paid out than taken, so the drawer is short. */
function CashShort(props: { figure: number; money: (n: number) => string }) {
  const { t } = useTranslation('admin');
  if (props.figure >= 0) return null;
  return (
    <span className="till__short" data-testid="till-cash-short">
      {t('till.cashShort', { amount: props.money(-props.figure) })}
    </span>
  );
}
