import { describe, expect, it } from 'vitest';
import { stringLocaleOf, stringsFor, supportedStringLocales } from './index.ts';

describe('string tables', () => {
  it('serves the language asked for, regional variants included', () => {
    expect(stringsFor('consumer', 'fr')['nav.basket']).toBe('Panier');
    expect(stringsFor('consumer', 'fr-CA')['nav.basket']).toBe('Panier');
    expect(stringsFor('consumer', 'DE_at')['nav.basket']).toBe('Warenkorb');
    expect(stringsFor('consumer', 'es-419')['nav.basket']).toBe('Cesta');
  });

  it('serves all eight languages, staff screens included', () => {
    expect(stringsFor('consumer', 'ja-JP')['nav.basket']).toBe('カート');
    expect(stringsFor('consumer', 'ko')['nav.basket']).toBe('장바구니');
    expect(stringsFor('consumer', 'zh-CN')['nav.basket']).toBe('购物车');
    expect(stringsFor('consumer', 'pt-BR')['nav.basket']).toBe('Carrinho');
    expect(stringsFor('admin', 'fr')['admin.title']).toBe('Billetterie');
    expect(stringsFor('admin', 'en')['admin.title']).toBe('Box office');
  });

  it('falls back to English for unknown languages', () => {
    expect(stringsFor('consumer', 'xx')['nav.basket']).toBe('Basket');
    expect(stringsFor('consumer', '')['nav.basket']).toBe('Basket');
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

  it('does not let one answer change the next (tables are not shared objects)', () => {
    const first = stringsFor('consumer', 'en');
    first['nav.basket'] = 'changed';
    expect(stringsFor('consumer', 'en')['nav.basket']).toBe('Basket');
  });
});
