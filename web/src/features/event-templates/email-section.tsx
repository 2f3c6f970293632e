import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_LANGUAGES,
  type EmailPreview,
  type TemplateLanguage,
} from '../../../../adapters/http/contract/event-templates.ts';
import { LANGUAGES } from '../../../../core/i18n/languages.ts';
import { previewEmail } from './event-templates-api.ts';
import { serverWords } from './api-words.ts';

// The confirmation e-mail as a buyer of this series gets it: the real e-mail of a sample order,
// with the text typed in the form (saved or not) for the chosen language, shown in a sandboxed frame.

export function EmailSection(props: { templateId: number; draftOf: (language: TemplateLanguage) => string }) {
  const { t } = useTranslation('admin');
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      const draft = props.draftOf(language).trim();
      setPreview(await previewEmail(props.templateId, language, draft === '' ? null : draft));
    } catch (failure) {
      setError(serverWords(failure, t('eventTemplates.previewFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.email')}</legend>
      <p className="field-hint">{t('eventTemplates.emailHint')}</p>
      <div className="event-templates__actions">
        <div className="event-templates__field">
          <label className="field-label" htmlFor="et-preview-language">
            {t('eventTemplates.previewLanguage')}
          </label>
          <select
            id="et-preview-language"
            className="text-input"
            value={language}
            onChange={(e) => setLanguage(e.target.value as TemplateLanguage)}
          >
            {TEMPLATE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES.find((l) => l.code === code)?.nativeName ?? code}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void show()}
        >
          {t('eventTemplates.preview')}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <>
          <p>
            <strong>{preview.Subject}</strong>
          </p>
          <iframe
            className="event-templates__preview"
            title={t('eventTemplates.previewTitle')}
            sandbox=""
            srcDoc={preview.Html}
            data-testid="email-preview"
          />
        </>
      )}
    </fieldset>
  );
}
