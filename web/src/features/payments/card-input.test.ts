import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCardNumber } from '../../../../core/payments/card-number.ts';
import { cardNumberMaxLength, formatCardNumberInput, typedBrand } from './card-input.ts';

describe('the card number as the field shows it', () => {
  it('groups a Visa in fours and an American Express 4-6-5', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4000-0025-0000-3155')).toBe('4000 0025 0000 3155');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('42')).toBe('42');
  });

  it('stops at the longest number the brand issues', () => {
    expect(formatCardNumberInput('37828224631000599')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('5555555555554444999')).toBe('5555 5555 5555 4444');
  });

  it('names the brand from the first digits typed', () => {
    expect(typedBrand('')).toBeNull();
    expect(typedBrand('4')).toBe('Visa');
    expect(typedBrand('5555')).toBe('MasterCard');
    expect(typedBrand('37')).toBe('AmericanExpress');
    expect(typedBrand('6011')).toBe('Discover');
  });

  it('keeps the digits of anything typed, and a valid number stays valid once formatted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const shown = formatCardNumberInput(typed);
        expect(shown).toMatch(/^[\d ]*$/);
        expect(typed.replace(/\D/g, '').startsWith(shown.replace(/ /g, ''))).toBe(true);
        expect(shown.length).toBeLessThanOrEqual(cardNumberMaxLength(typedBrand(shown)));
        // Formatting again changes nothing.
        expect(formatCardNumberInput(shown)).toBe(shown);
      }),
    );
    for (const number of ['4242424242424242', '378282246310005', '6011111111111117', '5555555555554444'])
      expect(checkCardNumber(formatCardNumberInput(number)).ok).toBe(true);
  });
});
