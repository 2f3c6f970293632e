import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunPreview } from '../../../../adapters/http/contract/performances.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { isApiError } from '../../api/api-error.ts';
import { venueClock } from '../../i18n/venue-time.ts';
import { addRun, previewRun } from './performances-api.ts';
import { elementOfField, emptyRunForm, runBodyOf, type RunFormValues } from './run-form.ts';

// Adding one performance or a run ("Tue–Sat 19:30, Sun 14:00 from ... to ..."): times on the
// venue's clock, previewed as a list of dates before anything is made; starts the template
// already has are shown and skipped.

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function AddPerformancesForm(props: {
  templateId: number;
  timeZone: string;
  today: string;
  onAdded: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [values, setValues] = useState<RunFormValues>(() => emptyRunForm(props.today));
  const [preview, setPreview] = useState<RunPreview | null>(null);
  const [error, setError] = useState<{ element: string; text: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = zoneName(props.timeZone);
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return (weekday: number) => format.format(new Date(Date.UTC(2024, 0, weekday)));
  }, [i18n.language]);
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const set = (change: Partial<RunFormValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setPreview(null);
    setError(null);
    setDone(null);
  };

  const fail = (e: unknown) => {
    if (!isApiError(e)) throw e;
    const field = e.fields[0];
    const element = field ? elementOfField(field, values) : `${id}-message`;
    setError({ element, text: e.messageOr(t('performances.addFailed')) });
    focus(field ? element : `${id}-message`);
  };

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setPreview(await previewRun(props.templateId, runBodyOf(values)));
      focus(`${id}-preview`);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const onCreate = async () => {
    setBusy(true);
    try {
      const added = await addRun(props.templateId, runBodyOf(values));
      setPreview(null);
      setDone(t('performances.added', { count: added.Created.length, skipped: added.Skipped.length }));
      await props.onAdded();
      focus(`${id}-message`);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (element: string) =>
    error?.element === element ? (
      <span id={`${element}-error`} className="field-error">
        {error.text}
      </span>
    ) : null;
  const aria = (element: string) =>
    error?.element === element ? { 'aria-invalid': true, 'aria-describedby': `${element}-error` } : {};

  return (
    <form className="performances__form performances__add" onSubmit={(e) => void onPreview(e)} noValidate>
      <h2>{t('performances.addTitle')}</h2>
      <p className="field-hint">{t('performances.localTimes', { zone })}</p>
      <fieldset>
        <legend>{t('performances.howMany')}</legend>
        <label className="basket-check">
          <input
            type="radio"
            name="mode"
            checked={values.mode === 'one'}
            onChange={() => set({ mode: 'one' })}
          />
          <span>{t('performances.modeOne')}</span>
        </label>
        <label className="basket-check">
          <input
            type="radio"
            name="mode"
            checked={values.mode === 'run'}
            onChange={() => set({ mode: 'run' })}
          />
          <span>{t('performances.modeRun')}</span>
        </label>
      </fieldset>
      {values.mode === 'one' ? (
        <div className="performances__row">
          <label>
            {t('performances.date')}
            <input
              id="run-date"
              type="date"
              className="text-input"
              value={values.date}
              onChange={(e) => set({ date: e.target.value })}
              {...aria('run-date')}
            />
            {errorFor('run-date')}
          </label>
          <label>
            {t('performances.time')}
            <input
              id="run-time"
              type="time"
              className="text-input"
              value={values.time}
              onChange={(e) => set({ time: e.target.value })}
              {...aria('run-time')}
            />
            {errorFor('run-time')}
          </label>
        </div>
      ) : (
        <>
          <div className="performances__row">
            <label>
              {t('performances.from')}
              <input
                id="run-from"
                type="date"
                className="text-input"
                value={values.from}
                onChange={(e) => set({ from: e.target.value })}
                {...aria('run-from')}
              />
              {errorFor('run-from')}
            </label>
            <label>
              {t('performances.to')}
              <input
                id="run-to"
                type="date"
                className="text-input"
                value={values.to}
                onChange={(e) => set({ to: e.target.value })}
                {...aria('run-to')}
              />
              {errorFor('run-to')}
            </label>
          </div>
          <fieldset className="performances__days">
            <legend>{t('performances.days')}</legend>
            {WEEKDAYS.map((d) => {
              const day = values.days[d]!;
              return (
                <div key={d} className="performances__day">
                  <label className="basket-check">
                    <input
                      id={`run-day-${d}`}
                      type="checkbox"
                      checked={day.on}
                      onChange={(e) =>
                        set({ days: { ...values.days, [d]: { ...day, on: e.target.checked } } })
                      }
                      {...aria(`run-day-${d}`)}
                    />
                    <span>{dayName(d)}</span>
                  </label>
                  <input
                    id={`run-day-${d}-time`}
                    type="time"
                    className="text-input"
                    aria-label={t('performances.timeOn', { day: dayName(d) })}
                    disabled={!day.on}
                    value={day.time}
                    onChange={(e) => set({ days: { ...values.days, [d]: { ...day, time: e.target.value } } })}
                    {...aria(`run-day-${d}-time`)}
                  />
                  {errorFor(`run-day-${d}-time`)}
                  {errorFor(`run-day-${d}`)}
                </div>
              );
            })}
          </fieldset>
        </>
      )}
      <fieldset>
        <legend>{t('performances.onSaleWhen')}</legend>
        <label className="basket-check">
          <input
            type="radio"
            name="onsale"
            checked={values.onSaleNow}
            onChange={() => set({ onSaleNow: true })}
          />
          <span>{t('performances.onSaleNow')}</span>
        </label>
        <label className="basket-check">
          <input
            type="radio"
            name="onsale"
            checked={!values.onSaleNow}
            onChange={() => set({ onSaleNow: false })}
          />
          <span>{t('performances.onSaleFrom')}</span>
        </label>
        {!values.onSaleNow && (
          <label>
            {t('performances.onSaleAt', { zone })}
            <input
              id="run-onsale-at"
              type="datetime-local"
              className="text-input"
              value={values.onSaleAt}
              onChange={(e) => set({ onSaleAt: e.target.value })}
              {...aria('run-onsale-at')}
            />
            {errorFor('run-onsale-at')}
          </label>
        )}
      </fieldset>
      <div className="performances__row">
        <label>
          {t('performances.duration')}
          <input
            id="run-duration"
            className="text-input"
            inputMode="numeric"
            value={values.durationMinutes}
            onChange={(e) => set({ durationMinutes: e.target.value })}
            {...aria('run-duration')}
          />
          <span className="field-hint">{t('performances.optional')}</span>
          {errorFor('run-duration')}
        </label>
        <label>
          {t('performances.offSaleBefore')}
          <input
            id="run-offsale"
            className="text-input"
            inputMode="numeric"
            value={values.offSaleMinutesBefore}
            onChange={(e) => set({ offSaleMinutesBefore: e.target.value })}
            {...aria('run-offsale')}
          />
          <span className="field-hint">{t('performances.offSaleHint')}</span>
          {errorFor('run-offsale')}
        </label>
      </div>
      <label className="basket-check">
        <input
          type="checkbox"
          checked={values.isPresale}
          onChange={(e) => set({ isPresale: e.target.checked })}
        />
        <span>{t('performances.presaleFlag')}</span>
      </label>
      <div className="performances__actions">
        <button type="submit" className="button" disabled={busy} data-testid="preview-run">
          {t('performances.preview')}
        </button>
      </div>
      <div id={`${id}-message`} tabIndex={-1} role="status" data-testid="run-message">
        {error?.element === `${id}-message` && <p className="performances__alert">{error.text}</p>}
        {done && <p className="performances__done">{done}</p>}
      </div>
      {preview && (
        <div id={`${id}-preview`} tabIndex={-1} className="performances__preview" data-testid="run-preview">
          <p>
            <strong>{t('performances.previewCount', { count: preview.New })}</strong>
            {preview.Existing > 0 && <> {t('performances.previewExisting', { count: preview.Existing })}</>}
          </p>
          <ol>
            {preview.Starts.map((s) => (
              <li key={s.StartsAt} className={s.Exists ? 'performances__muted' : undefined}>
                {venueClock(s.StartsAt, props.timeZone, i18n.language)}
                {s.Exists && <> · {t('performances.alreadyThere')}</>}
              </li>
            ))}
          </ol>
          {preview.New > 0 && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void onCreate()}
              data-testid="create-run"
            >
              {t('performances.create', { count: preview.New })}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
