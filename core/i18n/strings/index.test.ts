import { describe, expect, it } from 'vitest';
import { consumerDe } from './consumer/de.ts';
import { consumerEn } from './consumer/en.ts';
import { consumerEs } from './consumer/es.ts';
import { consumerFr } from './consumer/fr.ts';
import { stringLocaleOf, stringsFor, supportedStringLocales } from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('string tables', () => {
  it('serves the language asked for, regional variants included', () => {
    expect(stringsFor('consumer', 'fr')['nav.basket']).toBe('Panier');
    expect(stringsFor('consumer', 'fr-CA')['nav.basket']).toBe('Panier');
    expect(stringsFor('consumer', 'DE_at')['nav.basket']).toBe('Warenkorb');
    expect(stringsFor('consumer', 'es-419')['nav.basket']).toBe('Cesta');
  });

  it('falls back to English for unknown languages and for languages without a table', () => {
    expect(stringsFor('consumer', 'xx')['nav.basket']).toBe('Basket');
    expect(stringsFor('consumer', '')['nav.basket']).toBe('Basket');
    expect(stringsFor('consumer', 'ja-JP')['nav.basket']).toBe('Basket');
    expect(stringsFor('admin', 'fr')['admin.title']).toBe('Box office');
    expect(stringLocaleOf('ko-KR')).toBe('ko');
    expect(stringLocaleOf('klingon')).toBe('en');
  });

  it('gives every supported locale every English key', () => {
    for (const area of ['consumer', 'admin'] as const) {
      const english = Object.keys(stringsFor(area, 'en')).sort();
      for (const locale of supportedStringLocales) {
        expect(Object.keys(stringsFor(area, locale)).sort()).toEqual(english);
      }
    }
  });

  it('keeps the interpolation placeholders of English in each translation', () => {
    for (const table of [consumerFr, consumerEs, consumerDe]) {
      for (const [key, english] of Object.entries(consumerEn)) {
        expect(placeholders(table[key as keyof typeof consumerEn]), key).toEqual(placeholders(english));
      }
    }
  });

  it('does not let one answer change the next (tables are not shared objects)', () => {
    const first = stringsFor('consumer', 'en');
    first['nav.basket'] = 'changed';
    expect(stringsFor('consumer', 'en')['nav.basket']).toBe('Basket');
  });
});
