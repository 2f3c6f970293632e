import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_LANGUAGES,
  type TemplateLanguage,
} from '../../../../adapters/http/contract/event-templates.ts';
import { LANGUAGES } from '../../../../core/i18n/languages.ts';
import type { TextForm } from './template-form.ts';

// A template's words per language: one tab per language (by its own name), English first and
// required. The English tab carries the warning flag while the English form is incomplete.

const nativeName = (code: TemplateLanguage) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

export function TextsFieldset(props: {
  texts: Record<TemplateLanguage, TextForm>;
  onChange: (language: TemplateLanguage, text: TextForm) => void;
  language: TemplateLanguage;
  onLanguage: (language: TemplateLanguage) => void;
  englishInvalid: boolean;
  englishLacksWords: boolean;
  displayNameError: string | null;
}) {
  const { t } = useTranslation('admin');
  const { language } = props;
  const text = props.texts[language];
  const set = (patch: Partial<TextForm>) => props.onChange(language, { ...text, ...patch });
  const id = (field: string) => `et-${field}-${language}`;
  const showError = language === 'en' && props.displayNameError;
  return (
    <fieldset>
      <legend>{t('eventTemplates.section.texts')}</legend>
      <p className="field-hint">{t('eventTemplates.textsHint')}</p>
      <div className="event-templates__tabs" role="tablist" aria-label={t('eventTemplates.languages')}>
        {TEMPLATE_LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            id={`et-tab-${code}`}
            aria-selected={code === language}
            aria-controls="et-texts-panel"
            className="button button--secondary button--small event-templates__tab"
            lang={code}
            onClick={() => props.onLanguage(code)}
          >
            {nativeName(code)}
            {code === 'en' && props.englishInvalid && (
              <span
                aria-label={t('eventTemplates.englishWarning')}
                title={t('eventTemplates.englishWarning')}
              >
                {' '}
                ⚠
              </span>
            )}
          </button>
        ))}
      </div>
      <div id="et-texts-panel" role="tabpanel" aria-labelledby={`et-tab-${language}`}>
        {language === 'en' && props.englishLacksWords && (
          <p className="notice" role="note">
            {t('eventTemplates.englishIncomplete')}
          </p>
        )}
        <div className="event-templates__field">
          <label className="field-label" htmlFor={id('displayName')}>
            {t('eventTemplates.displayName')}
          </label>
          <input
            id={id('displayName')}
            className="text-input"
            lang={language}
            value={text.displayName}
            required={language === 'en'}
            aria-invalid={showError ? true : undefined}
            aria-describedby={showError ? `${id('displayName')}-error` : undefined}
            onChange={(e) => set({ displayName: e.target.value })}
          />
          {showError && (
            <p className="field-error" id={`${id('displayName')}-error`}>
              {props.displayNameError}
            </p>
          )}
        </div>
        <div className="event-templates__field">
          <label className="field-label" htmlFor={id('description')}>
            {t('eventTemplates.description')}
          </label>
          <textarea
            id={id('description')}
            className="text-input"
            lang={language}
            value={text.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </div>
        <div className="event-templates__field">
          <label className="field-label" htmlFor={id('emailText')}>
            {t('eventTemplates.emailText')}
          </label>
          <textarea
            id={id('emailText')}
            className="text-input"
            lang={language}
            value={text.emailText}
            onChange={(e) => set({ emailText: e.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}
