import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_LOCALES } from './currency-locales.ts';
import { formatMoney } from './format-money.ts';

const NNBSP = '\u202F';
const NBSP = '\u00A0';

// Reads the amount back: the digits in order, negative when the text starts with a minus.
const parseBack = (text: string): bigint => {
  const magnitude = BigInt(text.replace(/\D/g, '') || '0');
  return text.startsWith('-') ? -magnitude : magnitude;
};

describe('formatMoney', () => {
  it('writes amounts as each country does', () => {
    expect(formatMoney(123450, 'en-us')).toBe('$1,234.50');
    expect(formatMoney(123450, 'fr-fr')).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatMoney(1200, 'en-gb')).toBe('£12.00');
    expect(formatMoney(123450, 'en-ie')).toBe('€1,234.50');
    expect(formatMoney(123456789, 'vi-vn')).toBe(`1.234.567,89${NBSP}₫`);
    expect(formatMoney(5, 'en-ph')).toBe('₱0.05');
    expect(formatMoney(100000000, 'ms-my')).toBe(`RM${NBSP}1,000,000.00`);
    expect(formatMoney(0, 'en-au')).toBe('$0.00');
  });

  it('puts the minus before everything', () => {
    expect(formatMoney(-500, 'en-us')).toBe('-$5.00');
    expect(formatMoney(-123450, 'fr-fr')).toBe(`-1${NNBSP}234,50${NBSP}€`);
  });

  it('uses en-us for a missing or unknown locale', () => {
    expect(formatMoney(100)).toBe('$1.00');
    expect(formatMoney(100, 'xx-xx')).toBe('$1.00');
    expect(formatMoney(100, 'GB')).toBe('£1.00');
  });

  it('refuses floats, which are not minor units', () => {
    expect(() => formatMoney(12.5, 'en-us')).toThrow(RangeError);
  });

  it('never throws for a safe integer, and the digits read back give the amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom(...CURRENCY_LOCALES), (minor, locale) => {
        const text = formatMoney(minor, locale.key);
        expect(parseBack(text)).toBe(BigInt(minor));
        expect(text.startsWith('-')).toBe(minor < 0);
        expect(text.includes(locale.symbol)).toBe(true);
      }),
    );
  });

  it('writes whole units in groups of three and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom(...CURRENCY_LOCALES), (minor, locale) => {
        const number = formatMoney(minor, locale.key)
          .replace(/^-/, '')
          .replace(locale.symbol, '')
          .replace(locale.symbolSpacing, '');
        const [whole = '', fraction = '', ...rest] = number.split(locale.decimalSeparator);
        expect(rest).toEqual([]);
        expect(fraction).toBe(String(Math.abs(minor) % 100).padStart(2, '0'));
        const [first = '', ...groups] = whole.split(locale.thousandsSeparator);
        expect(first).toMatch(/^(0|[1-9]\d{0,2})$/);
        for (const group of groups) expect(group).toMatch(/^\d{3}$/);
        expect(BigInt(first + groups.join(''))).toBe(BigInt(Math.trunc(Math.abs(minor) / 100)));
      }),
    );
  });

  // Cross-check against CLDR through the pinned Node's ICU: the table was written from it. If a
  // Node upgrade changes CLDR, this says which country moved; the hand-made format stays put.
  it('agrees with CLDR (Intl) for every locale in the table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(...CURRENCY_LOCALES),
        (minor, locale) => {
          const intl = new Intl.NumberFormat(locale.key, {
            style: 'currency',
            currency: locale.currency,
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(minor / 100);
          expect(formatMoney(minor, locale.key)).toBe(intl);
        },
      ),
    );
  });
});
