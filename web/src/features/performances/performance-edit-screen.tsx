import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerformanceView } from '../../../../adapters/http/contract/performances.ts';
import { localDateTime } from '../../../../core/catalogue/local-time.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { isApiError } from '../../api/api-error.ts';
import { venueTimeParts } from '../../i18n/venue-time.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { savePerformance } from './performances-api.ts';
import './performances.css';
import { SaveRefusal } from '../../ui/save-refusal.tsx';

// /admin/v2/event/$id/edit: one performance's start, end, on-sale and off-sale (on the venue's
// clock) and presale flag, saved over the version it loaded. A performance that has sold may
// move, after a confirmation; its seat map never changes here.

type Field = 'StartsAt' | 'EndsAt' | 'OnSaleAt' | 'OffSaleAt';
const FIELDS: readonly Field[] = ['StartsAt', 'EndsAt', 'OnSaleAt', 'OffSaleAt'];

const local = (iso: string | null, tz: string) =>
  iso === null ? '' : localDateTime(new Date(iso), tz).slice(0, 16);

export function PerformanceEditScreen(props: { performance: PerformanceView }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [performance, setPerformance] = useState(props.performance);
  const tz = performance.Template.TimeZone;
  const valuesOf = (p: PerformanceView): Record<Field, string> => ({
    StartsAt: local(p.StartsAt, tz),
    EndsAt: local(p.EndsAt, tz),
    OnSaleAt: local(p.OnSaleAt, tz),
    OffSaleAt: local(p.OffSaleAt, tz),
  });
  const [values, setValues] = useState(() => valuesOf(performance));
  const [presale, setPresale] = useState(performance.IsPresale);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<{ text: string; stale: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('performances.editTitle', { name: performance.Name }));
  const zone = zoneName(tz);
  const fieldId = (f: Field) => `${id}-${f}`;
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const moved = values.StartsAt !== valuesOf(performance).StartsAt;

  const save = async () => {
    setBusy(true);
    setConfirming(false);
    try {
      const next = await savePerformance(performance.ID, {
        Version: performance.Version,
        StartsAt: values.StartsAt,
        EndsAt: values.EndsAt || null,
        OnSaleAt: values.OnSaleAt,
        OffSaleAt: values.OffSaleAt || null,
        IsPresale: presale,
      });
      setPerformance(next);
      setValues(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const field = FIELDS.find((f) => error.fields.includes(f));
      if (field && error.status === 400) {
        setErrors({ [field]: error.messageOr(t('performances.saveFailed')) });
        focus(fieldId(field));
      } else {
        setRefusal({ text: error.messageOr(t('performances.saveFailed')), stale: error.status === 409 });
        focus(`${id}-refusal`);
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setSaved(false);
    const missing: Partial<Record<Field, string>> = {};
    if (values.StartsAt === '') missing.StartsAt = t('performances.required');
    if (values.OnSaleAt === '') missing.OnSaleAt = t('performances.required');
    setErrors(missing);
    const first = FIELDS.find((f) => missing[f]);
    if (first) return focus(fieldId(first));
    if (moved && performance.Sold > 0) {
      setConfirming(true);
      return focus(`${id}-confirm`);
    }
    void save();
  };

  const input = (field: Field, label: string, hint?: string) => (
    <label>
      {label}
      <input
        id={fieldId(field)}
        type="datetime-local"
        className="text-input"
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${fieldId(field)}-error` : undefined}
        onChange={(e) => {
          setValues((v) => ({ ...v, [field]: e.target.value }));
          setErrors((er) => ({ ...er, [field]: undefined }));
          setSaved(false);
        }}
      />
      {hint && <span className="field-hint">{hint}</span>}
      {errors[field] && (
        <span id={`${fieldId(field)}-error`} className="field-error">
          {errors[field]}
        </span>
      )}
    </label>
  );

  return (
    <section className="performances" aria-labelledby={`${id}-title`}>
      <nav className="breadcrumb" aria-label={t('performances.breadcrumb')}>
        <Link
          to="/admin/v2/event-templates/$templateId/performances"
          params={{ templateId: String(performance.Template.ID) }}
        >
          {t('performances.title', { template: performance.Template.Name })}
        </Link>
      </nav>
      <h1 id={`${id}-title`}>{t('performances.editTitle', { name: performance.Name })}</h1>
      <p>{t('time.inZone', venueTimeParts(performance.StartsAt, tz, i18n.language))}</p>
      <dl className="performances__facts">
        <div>
          <dt>{t('performances.seatMap')}</dt>
          <dd>{performance.ConfigurationName}</dd>
        </div>
        <div>
          <dt>{t('performances.sold')}</dt>
          <dd>{t('performances.soldOf', { sold: performance.Sold, total: performance.Capacity })}</dd>
        </div>
      </dl>
      <p className="field-hint">{t('performances.seatMapFixed')}</p>
      {performance.Sold > 0 && (
        <p className="performances__warning">{t('performances.hasSales', { count: performance.Sold })}</p>
      )}
      {refusal && (
        <SaveRefusal
          id={`${id}-refusal`}
          className="performances__alert"
          testId="edit-refusal"
          refusal={refusal}
          reloadLabel={t('performances.reload')}
        />
      )}
      <form className="performances__form" onSubmit={onSubmit} noValidate>
        <p className="field-hint">{t('performances.localTimes', { zone })}</p>
        <div className="performances__row">
          {input('StartsAt', t('performances.startsAt'))}
          {input('EndsAt', t('performances.endsAt'), t('performances.optional'))}
        </div>
        <div className="performances__row">
          {input('OnSaleAt', t('performances.onSaleAtField'))}
          {input('OffSaleAt', t('performances.offSaleAtField'), t('performances.offSaleFieldHint'))}
        </div>
        <label className="basket-check">
          <input type="checkbox" checked={presale} onChange={(e) => setPresale(e.target.checked)} />
          <span>{t('performances.presaleFlag')}</span>
        </label>
        {confirming && (
          <div
            id={`${id}-confirm`}
            className="performances__warning"
            role="alertdialog"
            tabIndex={-1}
            aria-labelledby={`${id}-confirm-text`}
          >
            <p id={`${id}-confirm-text`}>{t('performances.confirmMove', { count: performance.Sold })}</p>
            <button type="button" className="button" onClick={() => void save()} data-testid="confirm-move">
              {t('performances.moveIt')}
            </button>{' '}
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('performances.keepTime')}
            </button>
          </div>
        )}
        <div className="performances__actions">
          <button type="submit" className="button" disabled={busy} data-testid="save-performance">
            {t('performances.save')}
          </button>
          <Link to="/admin/v2/event/$id/prices" params={{ id: String(performance.ID) }}>
            {t('performances.ownPrices')}
          </Link>
          {saved && (
            <span role="status" className="performances__done">
              {t('performances.saved')}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
