import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventCancellation } from '../../../../adapters/http/contract/event-cancellation.ts';
import { currencyLocaleFor } from '../../../../core/i18n/currency-locales.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { durationText } from '../../../../core/orders/event-cancellation/rules.ts';
import { readTypedAmount } from '../../../../core/shared/typed-amount.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { fetchEventCancellation, startEventCancellation } from './event-cancel-api.ts';
import { venueTimeParts } from '../../i18n/venue-time.ts';
import './event-cancel.css';

// An event cancelled with all its orders (an EventAdmin). Money moves, so the admin types the
// event's name to confirm; the run is then worked by the server's job, and this screen polls its
// progress every second until no order is left to work.

const POLL_MS = 1_000;

type Load =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: EventCancellation };

/** Still worth polling: a run with orders left to work. */
const working = (c: EventCancellation) => c.Status === 'running' && c.Pending > 0;

export function EventCancelScreen(props: { eventId: number }) {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('eventCancel.title'));
  const { eventId } = props;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchEventCancellation(eventId, abort.signal).then(
      (value) => setLoad({ state: 'ready', value }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('eventCancel.loadFailed'),
        });
      },
    );
    return () => abort.abort();
  }, [eventId, tick, t]);

  const current = load.state === 'ready' ? load.value : null;
  const polling = current !== null && working(current);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, current]);

  return (
    <div className="event-cancel">
      <div className="page-intro">
        <h1>{t('eventCancel.title')}</h1>
        {current && (
          <p data-testid="event-cancel-event">
            {current.EventName} (
            {t('time.inZone', venueTimeParts(current.EventStartsAt, current.TimeZone, i18n.language))})
          </p>
        )}
      </div>
      {load.state === 'loading' && <Loading label={t('eventCancel.loading')} />}
      {load.state === 'failed' && (
        <p className="event-cancel__error" role="alert">
          {load.message}
        </p>
      )}
      {current &&
        (current.Status === 'none' ? (
          <ConfirmForm cancellation={current} onStarted={(value) => setLoad({ state: 'ready', value })} />
        ) : (
          <RunProgress cancellation={current} onStarted={(value) => setLoad({ state: 'ready', value })} />
        ))}
    </div>
  );
}

function ConfirmForm(props: { cancellation: EventCancellation; onStarted: (c: EventCancellation) => void }) {
  const { t } = useTranslation('admin');
  const { cancellation: c } = props;
  const locale = c.CurrencyLocale;
  const [refund, setRefund] = useState(true);
  const [fee, setFee] = useState('0');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feeMinor = readTypedAmount(fee, currencyLocaleFor(locale).digits);
  const confirmed = typed.trim() === c.EventName.trim();

  const submit = async () => {
    if (feeMinor === null || !confirmed) return;
    setBusy(true);
    setError(null);
    try {
      props.onStarted(await startEventCancellation(c.EventId, { Refund: refund, Fee: feeMinor }));
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('eventCancel.startFailed'));
      setBusy(false);
    }
  };

  return (
    <form
      className="event-cancel__form"
      aria-label={t('eventCancel.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="event-cancel__warning" data-testid="event-cancel-preview">
        {t('eventCancel.preview', {
          orders: c.Preview.Orders,
          tickets: c.Preview.Tickets,
          paid: formatMoney(c.Preview.Paid, locale),
        })}
      </p>
      <label>
        <input
          type="checkbox"
          checked={refund}
          onChange={(e) => setRefund(e.target.checked)}
          data-testid="event-cancel-refund"
        />{' '}
        {t('eventCancel.refund')}
      </label>
      <label className="field">
        <span className="field__label">{t('eventCancel.fee')}</span>
        <input
          inputMode="decimal"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          aria-invalid={feeMinor === null}
          data-testid="event-cancel-fee"
        />
        {feeMinor === null && <span className="event-cancel__error">{t('eventCancel.feeInvalid')}</span>}
      </label>
      <label className="field">
        <span className="field__label">{t('eventCancel.typeName', { name: c.EventName })}</span>
        <input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          data-testid="event-cancel-name"
        />
      </label>
      {error && (
        <p className="event-cancel__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--danger"
        disabled={busy || !confirmed || feeMinor === null}
        data-testid="event-cancel-submit"
      >
        {busy ? t('eventCancel.starting') : t('eventCancel.submit')}
      </button>
    </form>
  );
}

function RunProgress(props: { cancellation: EventCancellation; onStarted: (c: EventCancellation) => void }) {
  const { t, i18n } = useTranslation('admin');
  const { cancellation: c } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const worked = c.Done + c.Failed;
  const percent = c.Total > 0 ? Math.floor((worked / c.Total) * 100) : 100;

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      // The run keeps its own settings; starting it again puts its failed orders back to work.
      props.onStarted(
        await startEventCancellation(c.EventId, { Refund: c.Refund ?? false, Fee: c.Fee ?? 0 }),
      );
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('eventCancel.startFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-label={t('eventCancel.progress')}
      data-testid="event-cancel-progress"
      data-status={c.Status}
    >
      <p>
        {t('eventCancel.startedBy', {
          name: c.StartedBy ?? '',
          at: c.StartedAt ? t('time.inZone', venueTimeParts(c.StartedAt, c.TimeZone, i18n.language)) : '',
          refund: c.Refund ? t('eventCancel.withRefund') : t('eventCancel.withoutRefund'),
          fee: formatMoney(c.Fee ?? 0, c.CurrencyLocale),
        })}
      </p>
      <progress
        className="event-cancel__bar"
        max={Math.max(1, c.Total)}
        value={worked}
        aria-valuetext={`${percent}%`}
      />
      <ul className="event-cancel__figures">
        <li data-testid="event-cancel-done">{t('eventCancel.done', { done: c.Done, total: c.Total })}</li>
        <li data-testid="event-cancel-failed">{t('eventCancel.failed', { count: c.Failed })}</li>
        <li>{t('eventCancel.rate', { rate: c.Rate.toFixed(1) })}</li>
        <li>{t('eventCancel.left', { time: durationText(c.SecondsLeft) })}</li>
      </ul>
      {c.Status === 'finished' && (
        <p role="status" data-testid="event-cancel-finished">
          {t('eventCancel.finished', { count: c.Total })}
        </p>
      )}
      {c.Status === 'running' && c.Pending === 0 && c.Failed > 0 && (
        <>
          <p className="event-cancel__error" role="alert">
            {t('eventCancel.someFailed', { count: c.Failed })}
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void retry()}>
            {t('eventCancel.retry')}
          </button>
        </>
      )}
      {error && (
        <p className="event-cancel__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
