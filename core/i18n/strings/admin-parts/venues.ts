import type { AdminPart } from './part.ts';

// The words of the venues screens, in every language (see ./part.ts).
export const venuesStrings: AdminPart = {
  en: {},
  fr: {},
  ko: {},
  pt: {},
  de: {},
  zh: {},
  ja: {},
  es: {},
};
