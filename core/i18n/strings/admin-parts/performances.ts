import type { AdminPart } from './part.ts';

// The words of the performances screens, in every language (see ./part.ts).
export const performancesStrings: AdminPart = {
  en: {},
  fr: {},
  ko: {},
  pt: {},
  de: {},
  zh: {},
  ja: {},
  es: {},
};
