import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanProblemRow, PreviewAnswer, VenueRow } from '../../../../adapters/http/contract/venues.ts';
import { isApiError } from '../../api/api-error.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { readSeatPlanFile, type ChosenFile } from './seat-plan-file.ts';
import { knownTimeZones, timeZoneInWords } from './time-zone-words.ts';
import { VenueMap } from './venue-map.tsx';
import { importSeatPlan, previewSeatPlan } from './venues-api.ts';
import { currencyLocaleChoices, problemPlace } from './venue-words.ts';
import './venues.css';

// /admin/v2/venues/import: a seat plan file (pretix's JSON or a CSV) becomes a new seat map of a
// venue, or of a new one. The file is previewed first, drawn as the storefront will draw it, or
// its problems listed by line or place; nothing is stored until Import, which then opens the new
// seat map's page. A bad file changes nothing (core/venues/import-seat-plan.ts).

interface GaRow {
  readonly id: number;
  readonly area: string;
  readonly capacity: string;
  readonly priceLevel: string;
}

type Preview = Extract<PreviewAnswer, { Ok: true }>;
type Outcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'problems'; readonly problems: readonly PlanProblemRow[]; readonly more: number }
  | { readonly kind: 'preview'; readonly preview: Preview };

type FormField = 'file' | 'name' | 'venue' | 'newName' | 'timeZone' | 'currencyLocale' | 'ga';

const SERVER_FIELDS: Record<string, FormField> = {
  'NewVenue.Name': 'newName',
  'NewVenue.TimeZone': 'timeZone',
  'NewVenue.CurrencyLocale': 'currencyLocale',
  Name: 'name',
};

function Problems(props: { problems: readonly PlanProblemRow[]; more: number; title: string }) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLDivElement>(null);
  // Each new answer moves focus here, where the admin reads it; typing elsewhere afterwards does not.
  useEffect(() => ref.current?.focus(), [props.problems]);
  return (
    <div className="venues__alert" role="alert" tabIndex={-1} ref={ref} data-testid="seat-plan-problems">
      <h2>{props.title}</h2>
      <p>{t('venues.problemsIntro')}</p>
      <ol className="venues__problems">
        {props.problems.map((p, i) => (
          <li key={i}>
            <strong>
              {/^line \d+$|^file$/i.test(p.Place) ? problemPlace(t, p.Place) : <code>{p.Place}</code>}
            </strong>
            {': '}
            {p.Problem}
          </li>
        ))}
      </ol>
      {props.more > 0 && <p>{t('venues.moreProblems', { count: props.more })}</p>}
    </div>
  );
}

/** The preview's heading, focused when a new preview arrives. */
function PreviewHeading(props: { id: string; preview: Preview }) {
  const { t } = useTranslation('admin');
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), [props.preview]);
  return (
    <h2 id={props.id} tabIndex={-1} ref={ref}>
      {t('venues.previewTitle')}
    </h2>
  );
}

export function ImportScreen(props: { venues: readonly VenueRow[]; venueId: number | null }) {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('venues.importTitle'));
  const navigate = useNavigate();
  const id = useId();
  const fieldId = (field: FormField) => `${id}-${field}`;
  const errorId = (field: FormField) => `${id}-${field}-error`;

  const preselected = props.venues.find((v) => v.ID === props.venueId) ?? null;
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [name, setName] = useState('');
  const [venueKind, setVenueKind] = useState<'existing' | 'new'>(
    preselected || props.venues.length > 0 ? 'existing' : 'new',
  );
  const [venueId, setVenueId] = useState(preselected ? String(preselected.ID) : '');
  const [newName, setNewName] = useState('');
  const [timeZone, setTimeZone] = useState(
    props.venues[0]?.TimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const [currencyLocale, setCurrencyLocale] = useState(props.venues[0]?.CurrencyLocale ?? 'en-us');
  const [ga, setGa] = useState<GaRow[]>([]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextGa = useRef(1);

  const timeZones = useMemo(() => {
    const zones = knownTimeZones();
    return (zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((z) => ({
      value: z,
      label: `${z.replaceAll('_', ' ')} · ${timeZoneInWords(z, i18n.language)}`,
    }));
  }, [i18n.language, timeZone]);
  const locales = useMemo(() => currencyLocaleChoices(i18n.language), [i18n.language]);

  /** Anything the preview depends on changed: preview again before importing. */
  const stale = () => setOutcome({ kind: 'none' });

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const read = await readSeatPlanFile(chosen);
    setFile(read);
    stale();
    setErrors((e) => ({
      ...e,
      file: read.ok
        ? undefined
        : t(read.reason === 'tooLarge' ? 'venues.fileTooLarge' : 'venues.fileUnreadable'),
    }));
    if (read.ok && name.trim() === '') setName(chosen.name.replace(/\.(json|csv|txt)$/i, ''));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    void choose(event.dataTransfer.files[0]);
  };

  const focusField = (field: FormField) =>
    requestAnimationFrame(() => document.getElementById(fieldId(field))?.focus());

  const gaAreas = () =>
    file?.ok && file.pretix
      ? ga
          .filter((g) => g.area.trim() !== '' || g.capacity.trim() !== '')
          .map((g) => ({
            Area: g.area.trim(),
            Capacity: Number(g.capacity),
            ...(g.priceLevel.trim() ? { PriceLevel: g.priceLevel.trim() } : {}),
          }))
      : [];

  /** The fields the page checks itself, in the form's order; the first is focused. */
  const check = (forImport: boolean): boolean => {
    const found: Partial<Record<FormField, string>> = {};
    if (!file) found.file = t('venues.fileRequired');
    else if (!file.ok)
      found.file = t(file.reason === 'tooLarge' ? 'venues.fileTooLarge' : 'venues.fileUnreadable');
    if (gaAreas().some((g) => g.Area === '' || !Number.isInteger(g.Capacity) || g.Capacity <= 0))
      found.ga = t('venues.gaInvalid');
    if (forImport) {
      if (name.trim() === '') found.name = t('venues.nameRequired');
      if (venueKind === 'existing' && venueId === '') found.venue = t('venues.venueRequired');
      if (venueKind === 'new' && newName.trim() === '') found.newName = t('venues.newNameRequired');
    }
    setErrors(found);
    const first = (['file', 'ga', 'name', 'venue', 'newName'] as const).find((f) => found[f]);
    if (first) focusField(first);
    return first === undefined;
  };

  const onPreview = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    if (!check(false) || !file?.ok) return;
    setBusy(true);
    try {
      const answer = await previewSeatPlan({ Text: file.text, GeneralAdmission: gaAreas() });
      setOutcome(
        answer.Ok
          ? { kind: 'preview', preview: answer }
          : { kind: 'problems', problems: answer.Problems, more: answer.More },
      );
    } catch (error) {
      setFailure((isApiError(error) ? error.serverMessage : undefined) ?? t('venues.previewFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onImport = async () => {
    setFailure(null);
    if (!check(true) || !file?.ok) return;
    setBusy(true);
    try {
      const made = await importSeatPlan({
        Text: file.text,
        GeneralAdmission: gaAreas(),
        Name: name,
        Venue:
          venueKind === 'existing'
            ? { VenueId: Number(venueId) }
            : { NewVenue: { Name: newName, TimeZone: timeZone, CurrencyLocale: currencyLocale } },
      });
      await navigate({
        to: '/admin/v2/venues/$venueId/configurations/$configurationId',
        params: { venueId: String(made.VenueId), configurationId: String(made.ConfigurationId) },
        search: { imported: true },
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const body = error.body as { Problems?: PlanProblemRow[]; More?: number } | null;
      if (error.status === 422 && body?.Problems) {
        setOutcome({ kind: 'problems', problems: body.Problems, more: body.More ?? 0 });
        return;
      }
      const field = error.fields.map((f) => SERVER_FIELDS[f]).find((f) => f !== undefined);
      if (field) {
        setErrors({ [field]: error.serverMessage ?? t('venues.importFailed') });
        focusField(field);
      } else setFailure(error.serverMessage ?? t('venues.importFailed'));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: FormField) => (errors[field] ? errorId(field) : undefined);
  const fieldError = (field: FormField) =>
    errors[field] ? (
      <span id={errorId(field)} className="field-error">
        {errors[field]}
      </span>
    ) : null;
  const setGaRow = (rowId: number, change: Partial<GaRow>) => {
    setGa((rows) => rows.map((r) => (r.id === rowId ? { ...r, ...change } : r)));
    stale();
  };

  return (
    <section className="venues" aria-labelledby="import-title">
      <nav className="breadcrumb" aria-label={t('venues.breadcrumb')}>
        <Link to="/admin/v2/venues">{t('venues.title')}</Link>
      </nav>
      <h1 id="import-title">{t('venues.importTitle')}</h1>
      <p>{t('venues.importIntro')}</p>
      <form className="venues__form admin-card" onSubmit={(e) => void onPreview(e)} noValidate>
        <div
          className={`venues__drop${dragOver ? ' venues__drop--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          data-testid="seat-plan-drop"
        >
          <label htmlFor={fieldId('file')} className="field-label">
            {t('venues.file')}
          </label>
          <span className="field-hint" id={`${id}-file-hint`}>
            {t('venues.fileHint')}
          </span>
          <input
            id={fieldId('file')}
            type="file"
            accept=".json,.csv,.txt,application/json,text/csv"
            aria-describedby={[`${id}-file-hint`, describedBy('file')].filter(Boolean).join(' ')}
            aria-invalid={errors.file ? true : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {file?.ok && (
            <span data-testid="chosen-file">
              {t(file.pretix ? 'venues.chosenPretix' : 'venues.chosenCsv', { file: file.name })}
            </span>
          )}
          {fieldError('file')}
        </div>

        {file?.ok && file.pretix && (
          <fieldset>
            <legend>{t('venues.gaTitle')}</legend>
            <span className="field-hint">{t('venues.gaHint')}</span>
            {ga.map((row, i) => (
              <div key={row.id} className="venues__ga-row">
                <label>
                  {t('venues.gaArea')}
                  <input
                    id={i === 0 ? fieldId('ga') : undefined}
                    className="text-input"
                    value={row.area}
                    onChange={(e) => setGaRow(row.id, { area: e.target.value })}
                  />
                </label>
                <label>
                  {t('venues.gaCapacity')}
                  <input
                    className="text-input"
                    inputMode="numeric"
                    value={row.capacity}
                    onChange={(e) => setGaRow(row.id, { capacity: e.target.value })}
                  />
                </label>
                <label>
                  {t('venues.gaPriceLevel')}
                  <input
                    className="text-input"
                    placeholder="GA"
                    value={row.priceLevel}
                    onChange={(e) => setGaRow(row.id, { priceLevel: e.target.value })}
                  />
                </label>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    setGa((rows) => rows.filter((r) => r.id !== row.id));
                    stale();
                  }}
                >
                  {t('venues.gaRemove')}
                </button>
              </div>
            ))}
            {fieldError('ga')}
            <div>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  setGa((rows) => [
                    ...rows,
                    { id: nextGa.current++, area: '', capacity: '', priceLevel: '' },
                  ]);
                  stale();
                }}
              >
                {t('venues.gaAdd')}
              </button>
            </div>
          </fieldset>
        )}

        <label htmlFor={fieldId('name')}>
          {t('venues.seatMapName')}
          <input
            id={fieldId('name')}
            className="text-input"
            value={name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(e) => setName(e.target.value)}
          />
          {fieldError('name')}
        </label>

        <fieldset>
          <legend>{t('venues.whichVenue')}</legend>
          {props.venues.length > 0 && (
            <label className="venues__choice">
              <input
                type="radio"
                name="venue-kind"
                checked={venueKind === 'existing'}
                onChange={() => setVenueKind('existing')}
              />
              {t('venues.existingVenue')}
            </label>
          )}
          {venueKind === 'existing' && props.venues.length > 0 && (
            <label htmlFor={fieldId('venue')}>
              {t('venues.venue')}
              <select
                id={fieldId('venue')}
                className="text-input"
                value={venueId}
                aria-invalid={errors.venue ? true : undefined}
                aria-describedby={describedBy('venue')}
                onChange={(e) => setVenueId(e.target.value)}
              >
                <option value="">{t('venues.chooseVenue')}</option>
                {props.venues.map((v) => (
                  <option key={v.ID} value={v.ID}>
                    {v.DisplayName}
                  </option>
                ))}
              </select>
              {fieldError('venue')}
            </label>
          )}
          <label className="venues__choice">
            <input
              type="radio"
              name="venue-kind"
              checked={venueKind === 'new'}
              onChange={() => setVenueKind('new')}
              data-testid="new-venue"
            />
            {t('venues.newVenue')}
          </label>
          {venueKind === 'new' && (
            <>
              <label htmlFor={fieldId('newName')}>
                {t('venues.newVenueName')}
                <input
                  id={fieldId('newName')}
                  className="text-input"
                  value={newName}
                  aria-invalid={errors.newName ? true : undefined}
                  aria-describedby={describedBy('newName')}
                  onChange={(e) => setNewName(e.target.value)}
                />
                {fieldError('newName')}
              </label>
              <label htmlFor={fieldId('timeZone')}>
                {t('venues.timeZone')}
                <select
                  id={fieldId('timeZone')}
                  className="text-input"
                  value={timeZone}
                  aria-describedby={[`${id}-tz-hint`, describedBy('timeZone')].filter(Boolean).join(' ')}
                  onChange={(e) => setTimeZone(e.target.value)}
                >
                  {timeZones.map((z) => (
                    <option key={z.value} value={z.value}>
                      {z.label}
                    </option>
                  ))}
                </select>
                <span className="field-hint" id={`${id}-tz-hint`}>
                  {t('venues.timeZoneHint')}
                </span>
                {fieldError('timeZone')}
              </label>
              <label htmlFor={fieldId('currencyLocale')}>
                {t('venues.currency')}
                <select
                  id={fieldId('currencyLocale')}
                  className="text-input"
                  value={currencyLocale}
                  aria-describedby={describedBy('currencyLocale')}
                  onChange={(e) => setCurrencyLocale(e.target.value)}
                >
                  {locales.map((l) => (
                    <option key={l.key} value={l.key}>
                      {l.label}
                    </option>
                  ))}
                </select>
                {fieldError('currencyLocale')}
              </label>
            </>
          )}
        </fieldset>

        <div className="venues__actions">
          <button type="submit" className="button" disabled={busy} data-testid="preview-seat-plan">
            {t('venues.preview')}
          </button>
        </div>
      </form>

      {failure && (
        <p className="venues__alert" role="alert">
          {failure}
        </p>
      )}
      {outcome.kind === 'problems' && (
        <Problems problems={outcome.problems} more={outcome.more} title={t('venues.problemsTitle')} />
      )}
      {outcome.kind === 'preview' && (
        <section className="admin-card" aria-labelledby={`${id}-preview`} data-testid="seat-plan-preview">
          <PreviewHeading id={`${id}-preview`} preview={outcome.preview} />
          <ul className="venues__summary">
            <li>{t('venues.seatCount', { count: outcome.preview.SeatCount })}</li>
            <li>{t('venues.placesCount', { count: outcome.preview.StandingPlaces })}</li>
            <li>{t('venues.sectionCount', { count: outcome.preview.Sections.length })}</li>
            <li>{t('venues.accessibleCount', { count: outcome.preview.AccessibleSeats })}</li>
            <li>{t('venues.noticeCount', { count: outcome.preview.SeatsWithNotices })}</li>
          </ul>
          <VenueMap
            seats={outcome.preview.Seats}
            sections={outcome.preview.Sections}
            zones={outcome.preview.Zones}
            planUrl={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(outcome.preview.Svg)}`}
            width={outcome.preview.Width}
            height={outcome.preview.Height}
            label={t('venues.previewMapLabel')}
          />
          <p>{t('venues.importNote')}</p>
          <div className="venues__actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void onImport()}
              data-testid="import-seat-plan"
            >
              {t('venues.import')}
            </button>
          </div>
        </section>
      )}
    </section>
  );
}
