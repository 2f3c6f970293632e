import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInSummary, ScanAnswer } from '../../../../adapters/http/contract/checkin.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { fetchCheckInSummary, sendScan } from './checkin-api.ts';
import { playScanSound } from './scan-sound.ts';
import './checkin.css';

// The door's screen: a USB scanner types the code and Enter into the scan field, which keeps the
// focus so the next ticket can be scanned without touching the screen; the answer fills a big
// panel with a colour, words and a tone per result, and the count of people in is read again.

const DOOR_KEY = 'foyer.checkin.door';
const LAST_SCANS = 8;

interface Scan {
  readonly id: number;
  readonly code: string;
  readonly at: Date;
  readonly answer: ScanAnswer;
}

const savedDoor = (): string => {
  try {
    return localStorage.getItem(DOOR_KEY) ?? '';
  } catch {
    return '';
  }
};

const eventDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

/** A time at the door, on the venue's clock (the event's zone), whatever the device's zone. */
const clock = (iso: string, timeZone: string | undefined) =>
  new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', timeZone }).format(new Date(iso));

export function CheckInScreen(props: { eventId: number }) {
  const { t } = useTranslation('admin');
  usePageTitle(t('checkin.title'));
  const { eventId } = props;
  const [summary, setSummary] = useState<CheckInSummary | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [door, setDoor] = useState(savedDoor);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [scans, setScans] = useState<readonly Scan[]>([]);
  const [busy, setBusy] = useState(false);
  const scanField = useRef<HTMLInputElement>(null);
  const doorField = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);

  const readSummary = useCallback(
    (signal?: AbortSignal) =>
      fetchCheckInSummary(eventId, signal).then(
        (value) => setSummary(value),
        (error: unknown) => {
          if (signal?.aborted) return;
          setLoadFailed((isApiError(error) ? error.serverMessage : undefined) ?? t('checkin.loadFailed'));
        },
      ),
    [eventId, t],
  );
  useEffect(() => {
    const abort = new AbortController();
    void readSummary(abort.signal);
    return () => abort.abort();
  }, [readSummary]);

  const scan = async (scanned: string) => {
    if (scanned.trim() === '') return;
    if (door.trim() === '') {
      setProblem(t('checkin.doorNeeded'));
      doorField.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await sendScan({ EventId: eventId, Barcode: scanned, Door: door });
      playScanSound(answer.Result);
      setScans((list) =>
        [{ id: nextId.current++, code: scanned.trim(), at: new Date(), answer }, ...list].slice(
          0,
          LAST_SCANS,
        ),
      );
      void readSummary();
    } catch (error) {
      const message = (isApiError(error) ? error.serverMessage : undefined) ?? String(error);
      setProblem(t('checkin.scanFailed', { message }));
    } finally {
      setBusy(false);
      scanField.current?.focus();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const scanned = code;
    setCode('');
    void scan(scanned);
  };

  const latest = scans[0] ?? null;
  return (
    <div className="checkin">
      <div className="page-intro checkin__intro">
        <div>
          <h1>{t('checkin.title')}</h1>
          {summary && (
            <p data-testid="checkin-event">
              {summary.EventName} · {eventDate(summary.EventStartsAt, summary.EventTimeZone)}
            </p>
          )}
        </div>
        {summary && (
          <p className="checkin__count" data-testid="checkin-count" aria-live="polite">
            {t('checkin.count', { admitted: summary.Admitted, sold: summary.Sold })}
          </p>
        )}
      </div>
      {!summary && !loadFailed && <Loading label={t('checkin.loading')} />}
      {loadFailed && (
        <p className="checkin__error" role="alert">
          {loadFailed}
        </p>
      )}

      <div className="checkin__fields">
        <label className="field checkin__door">
          <span>
            {t('checkin.door')} <small>({t('checkin.doorHint')})</small>
          </span>
          <input
            ref={doorField}
            value={door}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => {
              setDoor(e.target.value);
              try {
                localStorage.setItem(DOOR_KEY, e.target.value);
              } catch {
                // A browser without storage asks for the door again next time.
              }
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                scanField.current?.focus();
              }
            }}
          />
        </label>
        <form className="checkin__scan" onSubmit={submit}>
          <label className="field">
            <span>{t('checkin.scan')}</span>
            <input
              ref={scanField}
              value={code}
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-describedby="checkin-scan-hint"
              data-testid="checkin-scan"
              onChange={(e) => setCode(e.target.value)}
              // A scanner types into whatever has the focus: give it back unless staff moved
              // to another field or button on purpose.
              onBlur={(e) => {
                if (!e.relatedTarget) setTimeout(() => scanField.current?.focus(), 0);
              }}
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t('checkin.check')}
          </button>
          <p id="checkin-scan-hint" className="checkin__hint">
            {t('checkin.scanHint')}
          </p>
        </form>
        <CameraScanner onCode={(c) => void scan(c)} />
      </div>

      {problem && (
        <p className="checkin__error" role="alert">
          {problem}
        </p>
      )}
      <ResultPanel scan={latest} />

      <section className="admin-card checkin__last" aria-labelledby="checkin-last-title">
        <h2 id="checkin-last-title">{t('checkin.lastScans')}</h2>
        {scans.length === 0 ? (
          <p>{t('checkin.noScans')}</p>
        ) : (
          <ol className="checkin__list" data-testid="checkin-last-scans">
            {scans.map((s) => (
              <li key={s.id} className={`checkin__item checkin__item--${s.answer.Result}`}>
                <time dateTime={s.at.toISOString()}>{clock(s.at.toISOString(), summary?.EventTimeZone)}</time>
                <strong>{t(`checkin.result.${s.answer.Result}`)}</strong>
                <span>
                  {s.answer.Ticket ? `${s.answer.Ticket.Seat} · ${s.answer.Ticket.OrderName}` : s.code}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function ResultPanel(props: { scan: Scan | null }) {
  const { t } = useTranslation('admin');
  const { scan } = props;
  if (!scan)
    return (
      <div className="checkin-result checkin-result--idle" data-testid="checkin-result" data-result="none">
        <p className="checkin-result__title">{t('checkin.ready')}</p>
      </div>
    );
  const { answer } = scan;
  const ticket = answer.Ticket;
  const detail =
    answer.Result === 'alreadyScanned'
      ? t('checkin.detail.alreadyScanned', {
          door: answer.AdmittedDoor,
          time: clock(answer.AdmittedAt!, ticket?.EventTimeZone),
        })
      : answer.Result === 'wrongEvent' && ticket
        ? t('checkin.detail.wrongEvent', {
            event: ticket.EventName,
            date: eventDate(ticket.EventStartsAt, ticket.EventTimeZone),
          })
        : answer.Result === 'cancelled'
          ? t(`checkin.detail.cancelled.${answer.CancelledBecause ?? 'ticket'}`)
          : answer.Result === 'unknown'
            ? t('checkin.detail.unknown', { code: scan.code })
            : null;
  return (
    <div
      // A new key per scan: the panel flashes again even when two scans answer the same.
      key={scan.id}
      className={`checkin-result checkin-result--${answer.Result}`}
      data-testid="checkin-result"
      data-result={answer.Result}
      role="status"
      aria-live="assertive"
    >
      <p className="checkin-result__title">{t(`checkin.result.${answer.Result}`)}</p>
      {detail && <p className="checkin-result__detail">{detail}</p>}
      {ticket && (
        <ul className="checkin-result__ticket">
          <li>{ticket.Seat}</li>
          <li>{ticket.PriceType}</li>
          <li>{t('checkin.order', { order: ticket.OrderName })}</li>
          {ticket.CustomerName && <li>{ticket.CustomerName}</li>}
        </ul>
      )}
    </div>
  );
}
