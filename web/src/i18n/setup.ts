import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { build } from './build.ts';
import { initialLanguage } from './saved-language.ts';
import { loadScriptFont } from './script-fonts.ts';
import { serverStrings } from './server-strings.ts';

export { build };

/**
 * Starts i18next with the consumer strings of the reader's language, loaded from the server
 * (which merges English under it, so i18next needs no fallback language of its own).
 * Resolves true when the strings arrived.
 */
export const startI18n = async (): Promise<boolean> => {
  i18next.on('languageChanged', (language) => {
    loadScriptFont(language);
    document.documentElement.lang = language;
  });
  await i18next
    .use(serverStrings(build))
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['consumer'],
      defaultNS: 'consumer',
      // Keys are flat ("home.title"): dots and colons are part of the key.
      keySeparator: false,
      nsSeparator: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  return i18next.hasResourceBundle(i18next.language, 'consumer');
};

/** Admin screens read the admin table; their routes load it before rendering. */
export const loadAdminStrings = () => i18next.loadNamespaces('admin');
