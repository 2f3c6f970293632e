import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { LANGUAGES, LANGUAGE_CODES, pickLanguage } from './languages.ts';

describe('supported languages', () => {
  it('lists the languages Foyer offers, with their codes', () => {
    expect(LANGUAGES.map((l) => `${l.code}:${l.name}`)).toEqual([
      'en:English',
      'fr:French',
      'ko:Korean',
      'pt:Portuguese',
      'de:German',
      'zh:Chinese',
      'ja:Japanese',
      'es:Spanish',
    ]);
  });
});

describe('pickLanguage', () => {
  it('matches a regional locale to its language', () => {
    expect(pickLanguage('fr-CA')).toBe('fr');
    expect(pickLanguage('pt_BR')).toBe('pt');
    expect(pickLanguage('zh-Hant-TW')).toBe('zh');
    expect(pickLanguage('JA')).toBe('ja');
  });

  it('reads an Accept-Language header by quality', () => {
    expect(pickLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pickLanguage('nl-NL, de;q=0.5, es;q=0.7')).toBe('es');
    expect(pickLanguage('ko;q=0.2, ja;q=0.2')).toBe('ko'); // a tie keeps the reader's order
    expect(pickLanguage('*;q=0.5, de;q=0.1')).toBe('de');
  });

  it('treats q=0 and malformed qualities as refusals', () => {
    expect(pickLanguage('fr;q=0, es;q=0.1')).toBe('es');
    expect(pickLanguage('fr;q=abc, de;q=0.3')).toBe('de');
    expect(pickLanguage('fr;q=1.5')).toBe('en');
  });

  it('takes a list such as navigator.languages in order', () => {
    expect(pickLanguage(['nl-BE', 'de-AT', 'en-US'])).toBe('de');
  });

  it('falls back to English', () => {
    expect(pickLanguage('nl-NL')).toBe('en');
    expect(pickLanguage('')).toBe('en');
    expect(pickLanguage(null)).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('always answers with a supported language, for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(LANGUAGE_CODES).toContain(pickLanguage(text));
      }),
    );
  });

  it('picks the highest-quality supported language in a generated header', () => {
    const item = fc.record({
      language: fc.constantFrom('en', 'fr', 'ko', 'pt', 'de', 'zh', 'ja', 'es', 'nl', 'it', 'sv'),
      region: fc.constantFrom('', '-US', '-CA', '_BR'),
      quality: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), (items) => {
        const header = items.map((i) => `${i.language}${i.region};q=${i.quality / 1000}`).join(', ');
        const supported = items
          .map((i, position) => ({ ...i, position }))
          .filter((i) => i.quality > 0 && (LANGUAGE_CODES as readonly string[]).includes(i.language))
          .sort((a, b) => b.quality - a.quality || a.position - b.position);
        expect(pickLanguage(header)).toBe(supported[0]?.language ?? 'en');
      }),
    );
  });
});
