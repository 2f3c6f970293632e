/** Supported languages English, French, Korean, Portuguese, German, Chinese, Japanese, Spanish. */
export const LANGUAGE_CODES = ['en', 'fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface Language {
  readonly code: LanguageCode;
  /** English name, for admin screens. */
  readonly name: string;
  /** The language's own name, for a language picker a reader of that language can find. */
  readonly nativeName: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'ko', name: 'Korean', nativeName: '한국어' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'zh', name: 'Chinese', nativeName: '中文' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const isLanguageCode = (value: string): value is LanguageCode =>
  (LANGUAGE_CODES as readonly string[]).includes(value);

interface Preference {
  readonly language: string;
  readonly quality: number;
  readonly position: number;
}

// One Accept-Language item: 'fr-CA', 'fr;q=0.9', '*;q=0.1'. A malformed quality counts as 0
// (RFC 9110 section 12.5.4 allows 0 to 1 with up to three decimals).
const parsePreference = (item: string, position: number): Preference => {
  const [tag = '', ...params] = item.split(';').map((part) => part.trim());
  let quality = 1;
  for (const param of params) {
    const match = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(param);
    if (param.toLowerCase().startsWith('q')) quality = match?.[1] === undefined ? 0 : Number(match[1]);
  }
  const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return { language, quality, position };
};

/**
 * The best supported language for what the reader asked for: an Accept-Language header
 * ('fr-CA,fr;q=0.9,en;q=0.8'), a single locale ('pt-BR'), or a list such as navigator.languages.
 * Highest quality first, earlier first on a tie; q=0 means "not this one". Regional variants
 * match their language ('zh-Hant-TW' -> zh). Nothing supported -> English.
 */
export const pickLanguage = (wanted: string | readonly string[] | null | undefined): LanguageCode => {
  const header = typeof wanted === 'string' ? wanted : (wanted ?? []).join(',');
  const preferences = header
    .split(',')
    .map((item, position) => parsePreference(item, position))
    .filter((p) => p.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return preferences.map((p) => p.language).find(isLanguageCode) ?? DEFAULT_LANGUAGE;
};
