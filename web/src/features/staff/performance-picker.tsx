import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellEvent } from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { searchToSell } from '../sell/sell-api.ts';

// A performance chosen by its show's name or its date, never by its id: the clerk's selling
// search (GET /api/admin/sell/search, web/src/features/sell/sell-api.ts), each performance said
// with its date and time on the venue's clock (LocalDate). Used by the order search and the
// house-seat request, whose staff all may sell.

/** What the picker knows of the chosen performance. */
export type PickedPerformance = Pick<SellEvent, 'EventID' | 'Name' | 'LocalDate' | 'VenueName'>;

const LIMIT = 8;

export function PerformancePicker(props: {
  readonly legend: string;
  readonly value: PickedPerformance | null;
  readonly onChange: (performance: PickedPerformance | null) => void;
  /** List what is coming up before anything is typed (a form about one performance), or wait. */
  readonly showUpcoming?: boolean;
}) {
  const { t } = useTranslation('admin');
  const dates = useDateFormat();
  const inputId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [found, setFound] = useState<
    | { state: 'loading' }
    | { state: 'ready'; events: SellEvent[]; answers: string }
    | { state: 'failed'; message: string }
  >({ state: 'loading' });
  // The keyboard stays in the picker: on Change once a performance is chosen, back in the
  // search box after Change.
  const change = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    (props.value ? change.current : search.current)?.focus();
  }, [moveFocus, props.value]);

  // Search as the clerk types, a moment after the last key (Enter searches at once).
  useEffect(() => {
    const wait = setTimeout(() => setAsked(text.trim()), 250);
    return () => clearTimeout(wait);
  }, [text]);

  const waiting = asked === '' && !props.showUpcoming;
  // What was found for other words than those in the box is not offered while the box changes.
  const shown = found.state === 'ready' && found.answers === text.trim() ? found.events : null;
  useEffect(() => {
    if (props.value || waiting) return;
    const abort = new AbortController();
    setFound({ state: 'loading' });
    searchToSell({ q: asked, limit: LIMIT }, abort.signal).then(
      (answer) => setFound({ state: 'ready', events: answer.Events.slice(0, LIMIT), answers: asked }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setFound({
          state: 'failed',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('performancePicker.failed'),
        });
      },
    );
    return () => abort.abort();
  }, [asked, props.value, waiting, t]);

  const words = (p: PickedPerformance) =>
    `${p.Name} · ${dates.day(p.LocalDate)} · ${dates.time(p.LocalDate)} · ${p.VenueName}`;

  return (
    <fieldset className="performance-picker" data-testid="performance-picker">
      <legend className="field-label">{props.legend}</legend>
      {props.value ? (
        <p className="performance-picker__chosen">
          <span data-testid="performance-chosen">{words(props.value)}</span>{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            ref={change}
            onClick={() => {
              props.onChange(null);
              setMoveFocus(true);
            }}
          >
            {t('performancePicker.change')}
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={inputId} className="performance-picker__search">
            {t('performancePicker.search')}
          </label>
          <input
            id={inputId}
            ref={search}
            className="text-input"
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('sell.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter searches, it does not send the form around the picker.
              if (e.key === 'Enter') {
                e.preventDefault();
                setAsked(text.trim());
              }
            }}
          />
          <div aria-live="polite" hidden={waiting}>
            {(found.state === 'loading' || (found.state === 'ready' && !shown)) && (
              <p className="performance-picker__note">{t('sell.searching')}</p>
            )}
            {found.state === 'failed' && (
              <p className="field-error" role="alert">
                {found.message}
              </p>
            )}
            {shown?.length === 0 && <p className="performance-picker__note">{t('performancePicker.none')}</p>}
          </div>
          {!waiting && shown && shown.length > 0 && (
            <ul className="performance-picker__list">
              {shown.map((event) => (
                <li key={event.EventID}>
                  <button
                    type="button"
                    className="performance-picker__option"
                    onClick={() => {
                      props.onChange(event);
                      setMoveFocus(true);
                    }}
                  >
                    <strong>{event.Name}</strong>
                    <span>
                      {dates.day(event.LocalDate)} · {dates.time(event.LocalDate)}
                    </span>
                    <span className="performance-picker__venue">{event.VenueName}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
