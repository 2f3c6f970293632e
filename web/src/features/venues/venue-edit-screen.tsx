import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueView } from '../../../../adapters/http/contract/venues.ts';
import { isApiError } from '../../api/api-error.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { knownTimeZones, timeZoneInWords } from './time-zone-words.ts';
import { saveVenue } from './venues-api.ts';
import { currencyLocaleChoices } from './venue-words.ts';
import './venues.css';
import { SaveRefusal } from '../../ui/save-refusal.tsx';

// /admin/v2/venues/$venueId: a venue's names, address, time zone and currency, saved over the
// version this form loaded (a save made since by someone else refuses this one, nothing
// overwritten). The time zone stays once performances are on the venue: each one's local time
// would move (core/venues/venue-edit.ts).

type Field = 'DisplayName' | 'Name' | 'Address' | 'TimeZone' | 'CurrencyLocale';
const FIELDS: readonly Field[] = ['DisplayName', 'Name', 'Address', 'TimeZone', 'CurrencyLocale'];

export function VenueEditScreen(props: { venue: VenueView }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [venue, setVenue] = useState(props.venue);
  usePageTitle(venue.DisplayName);
  const [values, setValues] = useState<Record<Field, string>>({
    DisplayName: venue.DisplayName,
    Name: venue.Name,
    Address: venue.Address ?? '',
    TimeZone: venue.TimeZone,
    CurrencyLocale: venue.CurrencyLocale,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<{ text: string; stale: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const locked = venue.Performances > 0;

  const timeZones = useMemo(() => {
    const zones = knownTimeZones();
    return (zones.includes(values.TimeZone) ? zones : [values.TimeZone, ...zones]).map((z) => ({
      value: z,
      label: `${z.replaceAll('_', ' ')} · ${timeZoneInWords(z, i18n.language)}`,
    }));
  }, [i18n.language, values.TimeZone]);
  const locales = useMemo(() => currencyLocaleChoices(i18n.language), [i18n.language]);

  const fieldId = (field: Field) => `${id}-${field}`;
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSaved(false);
  };
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    setSaved(false);
    const missing: Partial<Record<Field, string>> = {};
    if (values.DisplayName.trim() === '') missing.DisplayName = t('venues.required');
    if (values.Name.trim() === '') missing.Name = t('venues.required');
    setErrors(missing);
    const first = FIELDS.find((f) => missing[f]);
    if (first) return focus(fieldId(first));
    setBusy(true);
    try {
      const next = await saveVenue(venue.ID, { Version: venue.Version, ...values });
      setVenue(next);
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409 && error.reason === 'stale') {
        setRefusal({ text: t('venues.staleSave'), stale: true });
        focus(`${id}-refusal`);
      } else if (error.status === 409 && error.reason === 'timeZoneLocked') {
        setErrors({ TimeZone: t('venues.timeZoneLocked', { count: venue.Performances }) });
        focus(fieldId('TimeZone'));
      } else {
        const field = FIELDS.find((f) => error.fields.includes(f));
        if (field) {
          setErrors({ [field]: error.serverMessage ?? t('venues.saveFailed') });
          focus(fieldId(field));
        } else {
          setRefusal({ text: error.serverMessage ?? t('venues.saveFailed'), stale: false });
          focus(`${id}-refusal`);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const described = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <span id={`${fieldId(field)}-error`} className="field-error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <section className="venues" aria-labelledby={`${id}-title`}>
      <nav className="breadcrumb" aria-label={t('venues.breadcrumb')}>
        <Link to="/admin/v2/venues">{t('venues.title')}</Link>
      </nav>
      <h1 id={`${id}-title`}>{t('venues.editTitle', { venue: venue.DisplayName })}</h1>
      {refusal && (
        <SaveRefusal
          id={`${id}-refusal`}
          className="venues__alert"
          testId="venue-refusal"
          refusal={refusal}
          reloadLabel={t('venues.reload')}
        />
      )}
      <form className="venues__form admin-card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <label htmlFor={fieldId('DisplayName')}>
          {t('venues.displayName')}
          <input
            id={fieldId('DisplayName')}
            className="text-input"
            value={values.DisplayName}
            aria-invalid={errors.DisplayName ? true : undefined}
            aria-describedby={described('DisplayName', `${id}-dn-hint`)}
            onChange={(e) => set('DisplayName')(e.target.value)}
          />
          <span className="field-hint" id={`${id}-dn-hint`}>
            {t('venues.displayNameHint')}
          </span>
          {fieldError('DisplayName')}
        </label>
        <label htmlFor={fieldId('Name')}>
          {t('venues.name')}
          <input
            id={fieldId('Name')}
            className="text-input"
            value={values.Name}
            aria-invalid={errors.Name ? true : undefined}
            aria-describedby={described('Name', `${id}-name-hint`)}
            onChange={(e) => set('Name')(e.target.value)}
          />
          <span className="field-hint" id={`${id}-name-hint`}>
            {t('venues.nameHint')}
          </span>
          {fieldError('Name')}
        </label>
        <label htmlFor={fieldId('Address')}>
          {t('venues.address')}
          <textarea
            id={fieldId('Address')}
            className="text-input"
            rows={3}
            value={values.Address}
            aria-invalid={errors.Address ? true : undefined}
            aria-describedby={described('Address')}
            onChange={(e) => set('Address')(e.target.value)}
          />
          {fieldError('Address')}
        </label>
        <label htmlFor={fieldId('TimeZone')}>
          {t('venues.timeZone')}
          <select
            id={fieldId('TimeZone')}
            className="text-input"
            value={values.TimeZone}
            aria-invalid={errors.TimeZone ? true : undefined}
            aria-describedby={described('TimeZone', errors.TimeZone ? undefined : `${id}-tz-hint`)}
            onChange={(e) => set('TimeZone')(e.target.value)}
          >
            {timeZones.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </select>
          {/* The refusal says the same as the locked hint: one of them at a time. */}
          {!errors.TimeZone && (
            <span className="field-hint" id={`${id}-tz-hint`}>
              {locked ? t('venues.timeZoneLocked', { count: venue.Performances }) : t('venues.timeZoneHint')}
            </span>
          )}
          {fieldError('TimeZone')}
        </label>
        <label htmlFor={fieldId('CurrencyLocale')}>
          {t('venues.currency')}
          <select
            id={fieldId('CurrencyLocale')}
            className="text-input"
            value={values.CurrencyLocale}
            aria-invalid={errors.CurrencyLocale ? true : undefined}
            aria-describedby={described('CurrencyLocale', `${id}-cur-hint`)}
            onChange={(e) => set('CurrencyLocale')(e.target.value)}
          >
            {locales.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
          </select>
          <span className="field-hint" id={`${id}-cur-hint`}>
            {t('venues.currencyHint')}
          </span>
          {fieldError('CurrencyLocale')}
        </label>
        <div className="venues__actions">
          <button type="submit" className="button" disabled={busy} data-testid="save-venue">
            {t('venues.save')}
          </button>
          {saved && (
            <span className="venues__done" role="status">
              {t('venues.saved')}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
