import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../i18n/languages.ts';
import { englishProblems, textIn, tidyTexts } from './template-texts.ts';
import { textsArbitrary } from './test-templates.ts';

const blank = (v: string | null | undefined) => (v?.trim() ?? '') === '';

describe('a template text in the reader language', () => {
  it('each field is the language’s own when given, else English, never blank', () => {
    fc.assert(
      fc.property(textsArbitrary, fc.constantFrom(...LANGUAGE_CODES), (texts, language) => {
        const shown = textIn(texts, language);
        for (const field of ['displayName', 'description', 'confirmationEmailText'] as const) {
          const own = texts[language]?.[field];
          const english = texts.en?.[field];
          const expected = !blank(own) ? own!.trim() : !blank(english) ? english!.trim() : null;
          expect(shown[field]).toBe(expected);
        }
      }),
    );
  });

  it('English reads as itself', () => {
    fc.assert(
      fc.property(textsArbitrary, (texts) => {
        expect(textIn(texts, 'en')).toEqual(textIn(tidyTexts(texts), 'en'));
      }),
    );
  });

  it('tidying changes no text a reader sees, in any language', () => {
    fc.assert(
      fc.property(textsArbitrary, fc.constantFrom(...LANGUAGE_CODES), (texts, language) => {
        expect(textIn(tidyTexts(texts), language)).toEqual(textIn(texts, language));
      }),
    );
  });
});

describe('the English warning', () => {
  it('English lacks its display name exactly when it is blank', () => {
    fc.assert(
      fc.property(textsArbitrary, (texts) => {
        expect(englishProblems(texts).includes('displayNameMissing')).toBe(blank(texts.en?.displayName));
      }),
    );
  });

  it('a description in another language but none in English is flagged, and only then', () => {
    fc.assert(
      fc.property(textsArbitrary, (texts) => {
        const elsewhere = LANGUAGE_CODES.some((l) => l !== 'en' && !blank(texts[l]?.description));
        expect(englishProblems(texts).includes('descriptionMissing')).toBe(
          elsewhere && blank(texts.en?.description),
        );
      }),
    );
  });
});
