import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, storefrontLanguages } from '../i18n/languages.ts';
import { saveLanguage } from '../i18n/saved-language.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id}>{t('footer.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          if (!isLanguageCode(code)) return;
          saveLanguage(code);
          void i18n.changeLanguage(code);
        }}
      >
        {storefrontLanguages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
