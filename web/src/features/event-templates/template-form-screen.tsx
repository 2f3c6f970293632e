import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  EventTemplateView,
  TemplateLanguage,
  VenueConfigurationChoices,
} from '../../../../adapters/http/contract/event-templates.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ArchiveSection } from './archive-section.tsx';
import { CopySection } from './copy-section.tsx';
import { EmailSection } from './email-section.tsx';
import { createTemplate, saveTemplate } from './event-templates-api.ts';
import { ImageSection } from './image-section.tsx';
import { isStale, refusedField, serverWords } from './api-words.ts';
import { SeatMapPicker } from './seat-map-picker.tsx';
import {
  emptyForm,
  englishInvalid,
  englishLacksWords,
  fieldsOf,
  formFieldOfServer,
  formOf,
  formProblems,
  type FormField,
  type TemplateForm,
} from './template-form.ts';
import { TextsFieldset } from './texts-fieldset.tsx';
import './event-templates.css';

// /admin/v2/event-templates/new and /admin/v2/event-templates/$templateId: a template's code,
// names and words per language, seat map and sale settings. A save sends the version the form
// loaded: when someone else saved since, nothing is changed and the screen says so. An existing
// template also has its image, e-mail preview, archive and copy.

const FIELD_IDS: Record<FormField, string> = {
  code: 'et-code',
  name: 'et-name',
  displayName: 'et-displayName-en',
  ticketLimit: 'et-ticketLimit',
  configurationId: 'et-configurationId',
};

type Outcome = { kind: 'saved' } | { kind: 'stale' } | { kind: 'failed'; text: string } | null;

export function TemplateFormScreen(props: {
  template: EventTemplateView | null;
  configurations: VenueConfigurationChoices;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const router = useRouter();
  const [current, setCurrent] = useState(props.template);
  const [form, setForm] = useState<TemplateForm>(() =>
    props.template ? formOf(props.template) : emptyForm(),
  );
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  usePageTitle(current ? t('eventTemplates.edit', { code: current.Code }) : t('eventTemplates.newTitle'));

  const set = (patch: Partial<TemplateForm>) => setForm((f) => ({ ...f, ...patch }));
  const focusField = (field: FormField) => {
    if (field === 'displayName') setLanguage('en');
    requestAnimationFrame(() => document.getElementById(FIELD_IDS[field])?.focus());
  };

  const submit = async () => {
    const problems = formProblems(form);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, t(p.key)])));
    setOutcome(null);
    if (problems.length > 0) {
      focusField(problems[0]!.field);
      return;
    }
    setBusy(true);
    try {
      if (!current) {
        const created = await createTemplate(fieldsOf(form));
        await navigate({
          to: '/admin/v2/event-templates/$templateId',
          params: { templateId: String(created.ID) },
        });
        return;
      }
      const saved = await saveTemplate(current.ID, current.Version, fieldsOf(form));
      setCurrent(saved);
      setForm(formOf(saved));
      setOutcome({ kind: 'saved' });
      requestAnimationFrame(() => summary.current?.focus());
    } catch (error) {
      const field = formFieldOfServer(refusedField(error));
      if (isStale(error)) {
        setOutcome({ kind: 'stale' });
        requestAnimationFrame(() => summary.current?.focus());
      } else if (field) {
        const words =
          field === 'code' && (error as { status?: number }).status === 409
            ? t('eventTemplates.err.codeTaken')
            : field === 'configurationId'
              ? t('eventTemplates.err.seatMap')
              : serverWords(error, t('eventTemplates.saveFailed'));
        setErrors({ [field]: words });
        focusField(field);
      } else {
        setOutcome({ kind: 'failed', text: serverWords(error, t('eventTemplates.saveFailed')) });
        requestAnimationFrame(() => summary.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  };

  /** A section's change (image, archive) moves the version on: the form saves over the new one. */
  const changed = (view: EventTemplateView) => setCurrent(view);

  const fieldError = (field: FormField) =>
    errors[field] ? (
      <p className="field-error" id={`${FIELD_IDS[field]}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: FormField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_IDS[field]}-error` } : {};
  const problemList = Object.entries(errors);

  return (
    <section aria-labelledby="event-template-title" className="event-templates__form">
      <p>
        <Link to="/admin/v2/event-templates">← {t('eventTemplates.back')}</Link>
      </p>
      <h1 id="event-template-title">
        {current ? t('eventTemplates.edit', { code: current.Code }) : t('eventTemplates.newTitle')}
      </h1>
      {current && (
        <p className="event-templates__links">
          <span className="field-hint">
            {t('eventTemplates.performanceCount', { count: current.Performances })}
          </span>
          <Link
            to="/admin/v2/event-templates/$templateId/performances"
            params={{ templateId: String(current.ID) }}
          >
            {t('eventTemplates.performancesLink')}
          </Link>
          <Link to="/admin/v2/event-templates/$templateId/prices" params={{ templateId: String(current.ID) }}>
            {t('eventTemplates.pricesLink')}
          </Link>
        </p>
      )}
      <div ref={summary} tabIndex={-1} aria-live="polite">
        {outcome?.kind === 'stale' && (
          <div className="notice" role="alert" data-testid="stale-save">
            <p>{t('eventTemplates.stale')}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void router.invalidate()}
            >
              {t('eventTemplates.reload')}
            </button>
          </div>
        )}
        {outcome?.kind === 'failed' && (
          <p className="field-error" role="alert">
            {outcome.text}
          </p>
        )}
        {outcome?.kind === 'saved' && (
          <p className="admin-done" role="status">
            {t('eventTemplates.saved')}
          </p>
        )}
        {problemList.length > 0 && (
          <div className="notice" role="alert">
            <div>
              <p>{t('eventTemplates.problems')}</p>
              <ul>
                {problemList.map(([field, words]) => (
                  <li key={field}>
                    <a
                      href={`#${FIELD_IDS[field as FormField]}`}
                      onClick={(e) => {
                        e.preventDefault();
                        focusField(field as FormField);
                      }}
                    >
                      {words}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend>{t('eventTemplates.section.general')}</legend>
          <div className="admin-form-grid">
            <div className="event-templates__field">
              <label className="field-label" htmlFor="et-code">
                {t('eventTemplates.code')}
              </label>
              <input
                id="et-code"
                className="text-input text-input--code"
                value={form.code}
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                onChange={(e) => set({ code: e.target.value.toUpperCase() })}
                {...invalid('code')}
              />
              <span className="field-hint">{t('eventTemplates.codeHint')}</span>
              {fieldError('code')}
            </div>
            <div className="event-templates__field">
              <label className="field-label" htmlFor="et-name">
                {t('eventTemplates.name')}
              </label>
              <input
                id="et-name"
                className="text-input"
                value={form.name}
                onChange={(e) => set({ name: e.target.value })}
                {...invalid('name')}
              />
              {fieldError('name')}
            </div>
          </div>
        </fieldset>
        <TextsFieldset
          texts={form.texts}
          language={language}
          onLanguage={setLanguage}
          onChange={(l, text) => setForm((f) => ({ ...f, texts: { ...f.texts, [l]: text } }))}
          englishInvalid={englishInvalid(form)}
          englishLacksWords={englishLacksWords(form)}
          displayNameError={errors.displayName ?? null}
        />
        <SeatMapPicker
          choices={props.configurations}
          venueId={form.venueId}
          configurationId={form.configurationId}
          loadedConfigurationId={current?.VenueConfigurationId ?? null}
          error={errors.configurationId ?? null}
          onChange={(venueId, configurationId) => set({ venueId, configurationId })}
        />
        <fieldset>
          <legend>{t('eventTemplates.section.sales')}</legend>
          <div className="admin-form-grid">
            <div className="event-templates__field">
              <label className="field-label" htmlFor="et-ticketLimit">
                {t('eventTemplates.ticketLimit')}
              </label>
              <input
                id="et-ticketLimit"
                className="text-input"
                inputMode="numeric"
                value={form.ticketLimit}
                onChange={(e) => set({ ticketLimit: e.target.value })}
                {...invalid('ticketLimit')}
              />
              {fieldError('ticketLimit')}
            </div>
            <div className="event-templates__field">
              <label className="field-label" htmlFor="et-ticketLimitMessage">
                {t('eventTemplates.ticketLimitMessage')}
              </label>
              <input
                id="et-ticketLimitMessage"
                className="text-input"
                value={form.ticketLimitMessage}
                onChange={(e) => set({ ticketLimitMessage: e.target.value })}
              />
            </div>
          </div>
          <div className="event-templates__checks">
            <label className="basket-check">
              <input
                type="checkbox"
                checked={form.isCalendarView}
                onChange={(e) => set({ isCalendarView: e.target.checked })}
              />
              <span>{t('eventTemplates.calendarView')}</span>
            </label>
            <label className="basket-check">
              <input
                type="checkbox"
                checked={form.noBestAvailable}
                onChange={(e) => set({ noBestAvailable: e.target.checked })}
              />
              <span>{t('eventTemplates.noBestAvailable')}</span>
            </label>
            <label className="basket-check">
              <input
                type="checkbox"
                checked={form.hideFees}
                onChange={(e) => set({ hideFees: e.target.checked })}
              />
              <span>{t('eventTemplates.hideFees')}</span>
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('eventTemplates.section.soldOut')}</legend>
          <div className="event-templates__field">
            <label className="field-label" htmlFor="et-soldOutHeader">
              {t('eventTemplates.soldOutHeader')}
            </label>
            <input
              id="et-soldOutHeader"
              className="text-input"
              value={form.soldOutHeader}
              onChange={(e) => set({ soldOutHeader: e.target.value })}
            />
          </div>
          <div className="event-templates__field">
            <label className="field-label" htmlFor="et-soldOutMessage">
              {t('eventTemplates.soldOutMessage')}
            </label>
            <textarea
              id="et-soldOutMessage"
              className="text-input"
              value={form.soldOutMessage}
              onChange={(e) => set({ soldOutMessage: e.target.value })}
            />
          </div>
          <div className="event-templates__field">
            <label className="field-label" htmlFor="et-adaAgreement">
              {t('eventTemplates.adaAgreement')}
            </label>
            <textarea
              id="et-adaAgreement"
              className="text-input"
              value={form.adaAgreement}
              onChange={(e) => set({ adaAgreement: e.target.value })}
            />
          </div>
        </fieldset>
        <p>
          <button type="submit" className="button" disabled={busy}>
            {busy
              ? t('eventTemplates.saving')
              : current
                ? t('eventTemplates.save')
                : t('eventTemplates.create')}
          </button>
        </p>
      </form>
      {current && (
        <>
          <ImageSection template={current} onChanged={changed} />
          <EmailSection templateId={current.ID} draftOf={(l) => form.texts[l].emailText} />
          <CopySection template={current} />
          <ArchiveSection template={current} onChanged={changed} />
        </>
      )}
    </section>
  );
}
