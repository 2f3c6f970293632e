import { LANGUAGES } from '../../../core/i18n/languages.ts';

// The languages are core/i18n/languages.ts's: one list, one way to read what a browser asks for.
export { isLanguageCode, pickLanguage, type LanguageCode } from '../../../core/i18n/languages.ts';

/**
 * Languages the storefront and the staff screens offer: every language with a whole string
 * table in core/i18n/strings (core/i18n/strings/completeness.test.ts), each by its own name.
 */
export const storefrontLanguages = LANGUAGES.map(({ code, nativeName }) => ({ code, name: nativeName }));
