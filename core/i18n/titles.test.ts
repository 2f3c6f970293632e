import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { OTHER_TITLES, US_TITLES, titleOptionsFor } from './titles.ts';

describe('title options', () => {
  it('offers Mx and Ind in en-US', () => {
    expect(titleOptionsFor('en-US')).toEqual(['Dr', 'Miss', 'Mr', 'Mrs', 'Ms', 'Mx', 'Ind']);
    expect(titleOptionsFor('en_us')).toBe(US_TITLES);
  });

  it('offers Lady, Lord and Sir everywhere else', () => {
    expect(titleOptionsFor('en-GB')).toEqual(['Dr', 'Lady', 'Lord', 'Miss', 'Mr', 'Mrs', 'Ms', 'Sir']);
    expect(titleOptionsFor('fr-FR')).toBe(OTHER_TITLES);
    expect(titleOptionsFor(undefined)).toBe(OTHER_TITLES);
  });

  it('chooses the US list exactly for en-US, whatever the case', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (locale) => {
        const isUs = locale.trim().toLowerCase().replaceAll('_', '-') === 'en-us';
        expect(titleOptionsFor(locale)).toBe(isUs ? US_TITLES : OTHER_TITLES);
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('e', 'E'),
        fc.constantFrom('n', 'N'),
        fc.constantFrom('-', '_'),
        fc.constantFrom('u', 'U'),
        fc.constantFrom('s', 'S'),
        (...chars) => {
          expect(titleOptionsFor(chars.join(''))).toBe(US_TITLES);
        },
      ),
    );
  });
});
