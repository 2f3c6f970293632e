import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { prefixPattern, searchTerms } from './order-search.ts';

describe('what a search text may be', () => {
  test('an order number with or without F and zeros is its id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.boolean(), (id, withF) => {
        const text = withF ? `F${String(id).padStart(7, '0')}` : String(id);
        expect(searchTerms(text).orderId).toBe(id);
        expect(searchTerms(text.toLowerCase()).orderId).toBe(id);
      }),
    );
  });

  test('a phone is read by its digits, whatever the punctuation, from 4 digits on', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 4, maxLength: 15 }), (digits) => {
        const plain = digits.join('');
        const typed = `+${digits.slice(0, 2).join('')} (${digits.slice(2, 4).join('')}) ${digits.slice(4).join('-')}`;
        expect(searchTerms(typed).phoneDigits).toBe(plain);
        expect(searchTerms(typed).name).toBeNull();
      }),
    );
    expect(searchTerms('123').phoneDigits).toBeNull();
  });

  test('a barcode is taken in upper case; an e-mail and a name in lower case', () => {
    expect(searchTerms('fyr7q2m3k4xwztbqabcdefghij').barcode).toBe('FYR7Q2M3K4XWZTBQABCDEFGHIJ');
    expect(searchTerms('Ada@Example.com')).toMatchObject({ emailPrefix: 'ada@example.com', name: null });
    expect(searchTerms('  Ada   Lovelace ').name).toEqual({ first: 'ada', last: 'lovelace' });
    expect(searchTerms('Lovelace').name).toEqual({ first: null, last: 'lovelace' });
    expect(searchTerms('')).toEqual(searchTerms(null));
  });

  test('any text gives terms the search can use, never an id out of range', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const terms = searchTerms(text);
        if (terms.orderId !== null) expect(terms.orderId).toBeLessThanOrEqual(2_147_483_647);
        if (terms.phoneDigits !== null) expect(terms.phoneDigits).toMatch(/^\d{4,}$/);
      }),
    );
  });

  test('a prefix pattern takes % and _ literally and matches what starts with the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (text, rest) => {
        const pattern = prefixPattern(text);
        // The LIKE pattern as a regular expression: \x literal, % any run, _ any one character.
        const source = pattern.replace(/\\(.)|%|_|[.*+?^${}()|[\]\\]/gs, (m, escaped: string | undefined) =>
          escaped !== undefined
            ? escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            : m === '%'
              ? '.*'
              : m === '_'
                ? '.'
                : `\\${m}`,
        );
        const like = new RegExp(`^${source}$`, 's');
        expect(like.test(text + rest)).toBe(true);
      }),
    );
  });
});
