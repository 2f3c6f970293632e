import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { failureText } from '../../api/failure-text.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  completeExchange,
  fetchExchangeViewModel,
  refundPayment,
  type ExchangeViewModel,
} from './exchange-api.ts';
import './exchange.css';

// /admin/checkout/exchange/payment: the exchange basket's own payment page. It shows the tickets
// given up, the new items and the difference; Complete swaps them (one transaction on the
// server). What is left is then settled on the order's balance: a positive balance is paid on
// the counter's payment page for the order (every tender it takes), money back is refunded per
// payment, the lines defaulting to the suggested split.

const SELL_TICKETS_PATH = '/admin/v2/sell-tickets';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; vm: ExchangeViewModel };

/** Minor units from what the clerk typed ("12.50"); null when it is not an amount. */
const minorOf = (text: string): number | null => {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
};
const majorOf = (minor: number) => (minor / 100).toFixed(2);

export function ExchangePaymentScreen() {
  const { t } = useTranslation('admin');
  usePageTitle(t('exchange.pageTitle'));
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchExchangeViewModel(controller.signal).then(
      (vm) => !controller.signal.aborted && setState({ status: 'ready', vm }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          isApiError(error) && error.status === 404 ? { status: 'missing' } : { status: 'error', error },
        );
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const reload = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') return <Loading label={t('exchange.loading')} />;
  if (state.status === 'missing')
    return (
      <div className="staff-basket staff-basket--empty">
        <h1>{t('exchange.pageTitle')}</h1>
        <p>{t('exchange.none')}</p>
        <Link to={SELL_TICKETS_PATH} className="button">
          {t('staffBasket.sellTickets')}
        </Link>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="error-panel" role="alert">
        <h1>{t('exchange.pageTitle')}</h1>
        <p>{failureText(t, state.error, 'error.generic')}</p>
        <button type="button" className="button" onClick={reload}>
          {t('staffBasket.retry')}
        </button>
      </div>
    );
  return <ExchangePaymentPage vm={state.vm} reload={reload} />;
}

function ExchangePaymentPage(props: { vm: ExchangeViewModel; reload: () => void }) {
  const { t } = useTranslation('admin');
  const { vm } = props;
  const money = (minor: number) => formatMoney(minor, vm.currencyLocale);
  const format = useDateFormat();
  /** "Hamlet · Mon, Nov 30, 2026 7:30 PM": which night, in the venue's time. */
  const night = (name: string, localDate: string) =>
    localDate ? `${name} · ${format.longDay(localDate)} ${format.time(localDate)}` : name;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = async () => {
    setBusy(true);
    setError(null);
    try {
      await completeExchange(vm.exchangeGlobalId);
      props.reload();
    } catch (failure) {
      setError(failureText(t, failure));
      setBusy(false);
    }
  };
  const completed = vm.status === 'completed';
  return (
    <div className="staff-basket" data-testid="exchange-payment">
      <div className="page-intro">
        <p className="eyebrow">{t('exchange.eyebrow', { order: vm.orderName })}</p>
        <h1>{t('exchange.pageTitle')}</h1>
      </div>
      <section className="staff-panel" aria-labelledby="exchange-old">
        <h2 id="exchange-old" className="staff-panel__title">
          {t('exchange.oldTickets')}
        </h2>
        <ul className="exchange-lines" data-testid="exchange-old-tickets">
          {vm.oldTickets.map((ticket) => (
            <li key={ticket.id}>
              <span>
                {night(ticket.eventName, ticket.localDate)} ·{' '}
                {[ticket.sectionName, ticket.row, ticket.seatNumber].filter(Boolean).join(' ') || ticket.key}{' '}
                · {ticket.priceTypeName}
              </span>
              <strong>{money(ticket.price + ticket.feeTotal)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="staff-panel" aria-labelledby="exchange-new">
        <h2 id="exchange-new" className="staff-panel__title">
          {t('exchange.newItems')}
        </h2>
        {vm.newItems.length === 0 ? (
          <p>{t('exchange.noNewItems')}</p>
        ) : (
          <ul className="exchange-lines" data-testid="exchange-new-items">
            {vm.newItems.map((item, index) => (
              <li key={`${item.eventId}-${item.key}-${index}`}>
                <span>
                  {night(item.eventName, item.localDate)} ·{' '}
                  {[item.sectionName, item.row, item.seatNumber].filter(Boolean).join(' ') || item.key} ·{' '}
                  {item.priceTypeName}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </span>
                <strong>{money(item.lineTotal)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="staff-panel" aria-labelledby="exchange-summary">
        <h2 id="exchange-summary" className="staff-panel__title">
          {t('exchange.summary')}
        </h2>
        <dl className="exchange-summary">
          <dt>{t('exchange.credit')}</dt>
          <dd>{money(vm.credit)}</dd>
          <dt>{t('exchange.newTotal')}</dt>
          <dd>{money(vm.newTotal)}</dd>
          <dt>{t('exchange.difference')}</dt>
          <dd data-testid="exchange-difference">{money(vm.difference)}</dd>
          {vm.balanceDueBefore !== null && vm.balanceDueBefore !== 0 && (
            <>
              <dt>{t('exchange.balanceBefore')}</dt>
              <dd>{money(vm.balanceDueBefore)}</dd>
            </>
          )}
          <dt>{vm.remainingBalance >= 0 ? t('exchange.toPay') : t('exchange.toRefund')}</dt>
          <dd data-testid="exchange-remaining">{money(Math.abs(vm.remainingBalance))}</dd>
        </dl>
      </section>
      {error && (
        <p className="exchange-error" role="alert">
          {error}
        </p>
      )}
      {!completed && (
        <div className="staff-actions">
          {vm.basketLive ? (
            <button
              type="button"
              className="button"
              disabled={busy || vm.newItems.length === 0}
              onClick={complete}
            >
              {busy ? t('exchange.completing') : t('exchange.complete')}
            </button>
          ) : (
            <p role="alert">{t('exchange.expired')}</p>
          )}
          <Link to="/admin/checkout/basket" className="button button--secondary">
            {t('exchange.backToBasket')}
          </Link>
        </div>
      )}
      {completed && <Settle vm={vm} reload={props.reload} />}
    </div>
  );
}

/** After the swap: pay what is owed, give back what is owed back, or nothing left. */
function Settle(props: { vm: ExchangeViewModel; reload: () => void }) {
  const { t } = useTranslation('admin');
  const { vm } = props;
  const money = (minor: number) => formatMoney(minor, vm.currencyLocale);
  if (vm.remainingBalance === 0)
    return (
      <div className="staff-actions">
        <p role="status">{t('exchange.settled', { order: vm.orderName })}</p>
        <Link to={SELL_TICKETS_PATH} className="button">
          {t('staffBasket.sellTickets')}
        </Link>
      </div>
    );
  if (vm.remainingBalance > 0)
    return (
      <div className="staff-actions">
        <p role="status">{t('exchange.completedPay', { amount: money(vm.remainingBalance) })}</p>
        <Link to="/admin/checkout/payment" search={{ orderId: vm.orderId }} className="button">
          {t('exchange.takePayment')}
        </Link>
      </div>
    );
  return <RefundLines vm={vm} reload={props.reload} />;
}

function RefundLines(props: { vm: ExchangeViewModel; reload: () => void }) {
  const { t } = useTranslation('admin');
  const { vm } = props;
  const money = (minor: number) => formatMoney(minor, vm.currencyLocale);
  const suggested = new Map(vm.suggestedRefunds.map((s) => [s.paymentId, s.amount]));
  const [amounts, setAmounts] = useState<Record<number, string>>(() =>
    Object.fromEntries(vm.payments.map((p) => [p.id, majorOf(suggested.get(p.id) ?? 0)])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = vm.payments.map((p) => ({ payment: p, minor: minorOf(amounts[p.id] ?? '') }));
  const total = lines.reduce((sum, l) => sum + (l.minor ?? 0), 0);
  const invalid =
    lines.some((l) => l.minor === null || l.minor > l.payment.amount) || total > -vm.remainingBalance;
  const refund = async () => {
    setBusy(true);
    setError(null);
    try {
      // One refund per payment line; each is its own exactly-once call on the server.
      for (const line of lines)
        if (line.minor && line.minor > 0)
          await refundPayment({ orderId: vm.orderId, paymentId: line.payment.id, amount: line.minor });
      props.reload();
    } catch (failure) {
      setError(failureText(t, failure));
      setBusy(false);
      props.reload();
    }
  };
  return (
    <section className="staff-panel" aria-labelledby="exchange-refund" data-testid="exchange-refund">
      <h2 id="exchange-refund" className="staff-panel__title">
        {t('exchange.refundTitle', { amount: money(-vm.remainingBalance) })}
      </h2>
      {vm.payments.map((p) => (
        <label key={p.id} className="exchange-refund-line">
          <span>
            {p.label} ({t('exchange.refundable', { amount: money(p.amount) })})
          </span>
          <input
            inputMode="decimal"
            value={amounts[p.id] ?? ''}
            aria-label={t('exchange.refundAmount', { payment: p.label })}
            onChange={(event) => setAmounts((was) => ({ ...was, [p.id]: event.target.value }))}
          />
        </label>
      ))}
      {error && (
        <p className="exchange-error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-actions">
        <button type="button" className="button" disabled={busy || invalid || total === 0} onClick={refund}>
          {t('exchange.refund', { amount: money(total) })}
        </button>
      </div>
    </section>
  );
}
