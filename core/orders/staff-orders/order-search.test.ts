import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nationalDigits, prefixPattern, searchTerms } from './order-search.ts';

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

  test('a phone is also read from its start: spaces, punctuation, the country code and a trunk 0 left out', () => {
    expect(nationalDigits('+1 212 555 0100')).toBe('2125550100');
    expect(nationalDigits('(212) 555-0100')).toBe('2125550100');
    expect(nationalDigits('+44 20 7946 0000')).toBe('2079460000');
    expect(nationalDigits('020 7946 0000')).toBe('2079460000');
    expect(nationalDigits('0044 20 7946 0000')).toBe('2079460000');
    expect(nationalDigits('+353 1 234 5678')).toBe('12345678');
    expect(nationalDigits('+7 495 123-45-67')).toBe('4951234567');
    expect(searchTerms('212555')).toMatchObject({ phoneDigits: '212555', phoneNational: '212555' });
    expect(searchTerms('+1 212 555')).toMatchObject({ phoneNational: '212555' });
    // Too short to search from the start once the country code is gone; the end still works.
    expect(searchTerms('+1 212')).toMatchObject({ phoneDigits: '1212', phoneNational: null });
    expect(searchTerms('0100')).toMatchObject({ phoneDigits: '0100', phoneNational: null });
    expect(searchTerms('Lovelace').phoneNational).toBeNull();
  });

  test('a number gives the same national digits written with any country code, 00 or a trunk 0', () => {
    // Country calling codes of every length (E.164 codes are prefix-free: none starts another).
    const codes = [
      '1',
      '7',
      '20',
      '27',
      '30',
      '36',
      '39',
      '44',
      '49',
      '55',
      '61',
      '64',
      '81',
      '86',
      '90',
      '98',
    ];
    const longCodes = ['212', '351', '353', '380', '420', '502', '599', '670', '886', '962', '971', '998'];
    const punctuate = (digits: string, cuts: readonly number[]) => {
      let out = '';
      for (const [i, d] of [...digits].entries())
        out += (cuts.includes(i) && i > 0 ? [' ', '-', '.', ') ', ' ('][i % 5] : '') + d;
      return out;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...codes, ...longCodes),
        fc.stringMatching(/^[1-9]\d{3,12}$/),
        fc.array(fc.integer({ min: 0, max: 13 }), { maxLength: 4 }),
        (code, national, cuts) => {
          const written = punctuate(national, cuts);
          for (const typed of [
            `+${code} ${written}`,
            `+${code}${national}`,
            `00${code} ${written}`,
            `0${written}`,
            written,
          ])
            expect(nationalDigits(typed), typed).toBe(national);
        },
      ),
    );
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
        if (terms.phoneNational !== null) expect(terms.phoneNational).toMatch(/^\d{4,}$/);
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
