import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTypedAmount } from './typed-amount.ts';

// How people write 1234.50 in the languages Foyer speaks, and without grouping.
const writings = (minor: number): string[] => {
  const whole = Math.floor(minor / 100);
  const cents = String(minor % 100).padStart(2, '0');
  const group = (sep: string) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [
    `${whole}.${cents}`,
    `${whole},${cents}`,
    `${group(',')}.${cents}`,
    `${group('.')},${cents}`,
    `${group('\u202f')},${cents}`,
    `${group(' ')},${cents}`,
    `${group("'")}.${cents}`,
  ];
};

describe('readTypedAmount', () => {
  it('reads every language way of writing an amount to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (minor) => {
        for (const text of writings(minor)) expect(readTypedAmount(text), text).toBe(minor);
      }),
    );
  });

  it('reads whole amounts and one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9 }), (whole, tenth) => {
        expect(readTypedAmount(String(whole))).toBe(whole * 100);
        expect(readTypedAmount(`${whole},${tenth}`)).toBe(whole * 100 + tenth * 10);
        expect(readTypedAmount(`${whole}.${tenth}`)).toBe(whole * 100 + tenth * 10);
      }),
    );
  });

  it('refuses one separator before three digits, a thousand in one language and a fraction in another', () => {
    expect(readTypedAmount('1,234')).toBeNull();
    expect(readTypedAmount('2.505')).toBeNull();
    expect(readTypedAmount('1.234,00')).toBe(123_400);
    expect(readTypedAmount('1.234.567')).toBe(123_456_700);
    expect(readTypedAmount('12,50')).toBe(1250);
    expect(readTypedAmount('2.505', 3)).toBe(2505);
  });

  it('refuses what is not an amount of 0 or more', () => {
    for (const text of [
      '',
      ' ',
      '-5',
      'abc',
      '12.',
      ',5',
      '1,2345',
      '1.2.3',
      '12,5,0',
      '1,23.456',
      '1e3',
      '€12',
      '12.50.',
    ])
      expect(readTypedAmount(text), text).toBeNull();
  });

  it('reads the same digits it was given, in order: a separator is never taken for a digit or dropped with one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,]{1,12}$/), (text) => {
        const read = readTypedAmount(text);
        if (read === null) return;
        const typed = text.replace(/[.,]/g, '').replace(/^0+/, '');
        const whole = String(Math.floor(read / 100)).replace(/^0+/, '');
        const cents = String(read % 100).padStart(2, '0');
        // The typed digits are the whole part then the cents, less any zeros the person left off.
        expect(
          `${whole}${cents}`.startsWith(typed) ||
            `${whole}${cents}`.replace(/0+$/, '') === typed.replace(/0+$/, ''),
        ).toBe(true);
      }),
    );
  });
});
