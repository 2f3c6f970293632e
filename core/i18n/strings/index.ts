import { adminEn } from './admin/en.ts';
import { consumerDe } from './consumer/de.ts';
import { consumerEn } from './consumer/en.ts';
import { consumerEs } from './consumer/es.ts';
import { consumerFr } from './consumer/fr.ts';

export type StringArea = 'consumer' | 'admin';

/** English, French, Korean, Portuguese, German, Chinese, Japanese, Spanish. */
export const supportedStringLocales = ['en', 'fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es'] as const;
export type StringLocale = (typeof supportedStringLocales)[number];

type Table = Readonly<Record<string, string>>;

// A language may be partial or absent (ko, pt, zh, ja today): English fills every gap.
const tables: Record<StringArea, Partial<Record<StringLocale, Table>>> = {
  consumer: { en: consumerEn, fr: consumerFr, es: consumerEs, de: consumerDe },
  admin: { en: adminEn },
};

/** 'fr-CA', 'FR', 'pt_BR', 'zh-Hant-TW' -> their language; anything unsupported -> 'en'. */
export const stringLocaleOf = (locale: string): StringLocale => {
  const language = locale.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (supportedStringLocales as readonly string[]).includes(language) ? (language as StringLocale) : 'en';
};

/** The flat key -> text table of an area in a language, with English under it for missing keys. */
export const stringsFor = (area: StringArea, locale: string): Record<string, string> => {
  const english = tables[area].en ?? {};
  const wanted = tables[area][stringLocaleOf(locale)] ?? {};
  return { ...english, ...wanted };
};
