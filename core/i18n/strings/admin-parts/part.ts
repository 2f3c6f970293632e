// A part of the admin string table kept beside the screens it serves: the season's setup screens
// (venues, event templates, performances and prices) each keep their words in one file here, with
// every language in it, and ../index.ts lays the parts over the admin tables. The completeness
// check (../completeness.test.ts) reads the joined tables, so a part is held to every key, the
// same placeholders and no English left, as the tables are.

export type PartLocale = 'en' | 'fr' | 'ko' | 'pt' | 'de' | 'zh' | 'ja' | 'es';

export type AdminPart = Readonly<Record<PartLocale, Readonly<Record<string, string>>>>;
