import { LANGUAGES } from '../../../core/i18n/languages.ts';

/**
 * Languages the storefront and the staff screens offer: every language with a whole string
 * table in core/i18n/strings (core/i18n/strings/completeness.test.ts), each by its own name.
 */
export const storefrontLanguages = LANGUAGES.map(({ code, nativeName }) => ({ code, name: nativeName }));

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const codes: readonly string[] = storefrontLanguages.map((l) => l.code);

export const isLanguageCode = (code: string): code is LanguageCode => codes.includes(code);

/** The first of the reader's languages we can serve ('fr-CA' -> 'fr'), else English. */
export const pickLanguage = (preferred: readonly string[]): LanguageCode => {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLanguageCode(language)) return language;
  }
  return 'en';
};
