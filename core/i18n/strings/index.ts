import { adminDe } from './admin/de.ts';
import { adminEn } from './admin/en.ts';
import { adminEs } from './admin/es.ts';
import { adminFr } from './admin/fr.ts';
import { adminJa } from './admin/ja.ts';
import { adminKo } from './admin/ko.ts';
import { adminPt } from './admin/pt.ts';
import { adminZh } from './admin/zh.ts';
import { eventTemplatesStrings } from './admin-parts/event-templates.ts';
import type { AdminPart, PartLocale } from './admin-parts/part.ts';
import { performancesStrings } from './admin-parts/performances.ts';
import { venuesStrings } from './admin-parts/venues.ts';
import { holdsStrings } from './admin-parts/holds.ts';
import { consumerDe } from './consumer/de.ts';
import { consumerEn } from './consumer/en.ts';
import { consumerEs } from './consumer/es.ts';
import { consumerFr } from './consumer/fr.ts';
import { consumerJa } from './consumer/ja.ts';
import { consumerKo } from './consumer/ko.ts';
import { consumerPt } from './consumer/pt.ts';
import { consumerZh } from './consumer/zh.ts';

export type StringArea = 'consumer' | 'admin';

/**
 * English, French, Korean, Portuguese (as written in Brazil), German, Chinese (Simplified),
 * Japanese, Spanish.
 */
export const supportedStringLocales = ['en', 'fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es'] as const;
export type StringLocale = (typeof supportedStringLocales)[number];

type Table = Readonly<Record<string, string>>;

const ADMIN_PARTS: readonly AdminPart[] = [
  venuesStrings,
  eventTemplatesStrings,
  performancesStrings,
  holdsStrings,
];

/** An admin table with the screens' parts (admin-parts/) laid over it. */
const withParts = (table: Table, locale: PartLocale): Table =>
  Object.assign({}, table, ...ADMIN_PARTS.map((part) => part[locale]));

// Every language has every key (completeness.test.ts); English stays under each as a safety net
// for a key added to English whose translations are still being written.
export const stringTables: Record<StringArea, Record<StringLocale, Table>> = {
  consumer: {
    en: consumerEn,
    fr: consumerFr,
    ko: consumerKo,
    pt: consumerPt,
    de: consumerDe,
    zh: consumerZh,
    ja: consumerJa,
    es: consumerEs,
  },
  admin: {
    en: withParts(adminEn, 'en'),
    fr: withParts(adminFr, 'fr'),
    ko: withParts(adminKo, 'ko'),
    pt: withParts(adminPt, 'pt'),
    de: withParts(adminDe, 'de'),
    zh: withParts(adminZh, 'zh'),
    ja: withParts(adminJa, 'ja'),
    es: withParts(adminEs, 'es'),
  },
};

/** 'fr-CA', 'FR', 'pt_BR', 'zh-Hant-TW' -> their language; anything unsupported -> 'en'. */
export const stringLocaleOf = (locale: string): StringLocale => {
  const language = locale.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (supportedStringLocales as readonly string[]).includes(language) ? (language as StringLocale) : 'en';
};

/** The flat key -> text table of an area in a language, with English under it for missing keys. */
export const stringsFor = (area: StringArea, locale: string): Record<string, string> => {
  const english = stringTables[area].en;
  const wanted = stringTables[area][stringLocaleOf(locale)];
  return { ...english, ...wanted };
};
