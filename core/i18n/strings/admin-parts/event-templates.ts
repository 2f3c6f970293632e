import type { AdminPart } from './part.ts';

// The words of the event templates screens, in every language (see ./part.ts).
export const eventTemplatesStrings: AdminPart = {
  en: {},
  fr: {},
  ko: {},
  pt: {},
  de: {},
  zh: {},
  ja: {},
  es: {},
};
