import { LANGUAGE_CODES, type LanguageCode } from '../i18n/languages.ts';

// A template's words in each language: English is the form everyone falls back to, so it is
// required; the other seven are optional, and an empty one reads as English.

export interface TemplateText {
  readonly displayName: string | null;
  readonly description: string | null;
  readonly confirmationEmailText: string | null;
}

export type TemplateTexts = Readonly<Partial<Record<LanguageCode, TemplateText>>>;

export const EMPTY_TEXT: TemplateText = { displayName: null, description: null, confirmationEmailText: null };

const filled = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Trimmed, blanks as null; languages with nothing in them left out. */
export const tidyTexts = (texts: TemplateTexts): TemplateTexts => {
  const tidy: Partial<Record<LanguageCode, TemplateText>> = {};
  for (const language of LANGUAGE_CODES) {
    const text = texts[language];
    if (!text) continue;
    const clean = {
      displayName: filled(text.displayName),
      description: filled(text.description),
      confirmationEmailText: filled(text.confirmationEmailText),
    };
    if (clean.displayName || clean.description || clean.confirmationEmailText || language === 'en')
      tidy[language] = clean;
  }
  return tidy;
};

/** Each field in `language` when given there, else in English. */
export const textIn = (texts: TemplateTexts, language: LanguageCode): TemplateText => {
  const english = texts.en ?? EMPTY_TEXT;
  const own = texts[language] ?? EMPTY_TEXT;
  return {
    displayName: filled(own.displayName) ?? filled(english.displayName),
    description: filled(own.description) ?? filled(english.description),
    confirmationEmailText: filled(own.confirmationEmailText) ?? filled(english.confirmationEmailText),
  };
};

export type EnglishProblem = 'displayNameMissing' | 'descriptionMissing' | 'emailTextMissing';

/**
 * What the English form lacks: a display name always; a description or an e-mail text when
 * another language has one (a reader of English would see nothing where others read words).
 */
export const englishProblems = (texts: TemplateTexts): EnglishProblem[] => {
  const english = texts.en ?? EMPTY_TEXT;
  const others = LANGUAGE_CODES.filter((l) => l !== 'en').map((l) => texts[l] ?? EMPTY_TEXT);
  const problems: EnglishProblem[] = [];
  if (!filled(english.displayName)) problems.push('displayNameMissing');
  if (!filled(english.description) && others.some((t) => filled(t.description)))
    problems.push('descriptionMissing');
  if (!filled(english.confirmationEmailText) && others.some((t) => filled(t.confirmationEmailText)))
    problems.push('emailTextMissing');
  return problems;
};
