import { isLanguageCode, pickLanguage, type LanguageCode } from './languages.ts';

const storageKey = 'foyer.language';

/** The language chosen in the footer picker, else the browser's. */
export const initialLanguage = (): LanguageCode => {
  const saved = readSaved();
  return saved && isLanguageCode(saved) ? saved : pickLanguage(navigator.languages ?? [navigator.language]);
};

export const saveLanguage = (code: LanguageCode) => {
  try {
    localStorage.setItem(storageKey, code);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
};

const readSaved = () => {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
};
