/**
 * Languages the storefront offers: those with a full string table in core/i18n/strings.
 * Other languages (ko, pt, zh, ja) join this list when their tables do; until then
 * their readers get English rather than a page whose lang attribute would not match its text.
 */
export const storefrontLanguages = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof storefrontLanguages)[number]['code'];

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
