import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { outOfStockMessage, productLabel } from './stock-words.ts';

describe('the words of a product out of stock', () => {
  test('name the product and its variant, and how many are left', () => {
    expect(outOfStockMessage({ name: 'Interval drink', variantName: 'Glass of wine' }, 3)).toBe(
      'Only 3 left of Interval drink: Glass of wine. Choose 3 or fewer.',
    );
    expect(outOfStockMessage({ name: 'Cloakroom', variantName: 'Cloakroom' }, 0)).toBe(
      'Cloakroom is sold out.',
    );
  });

  test('always name the product and never promise a negative or fractional number', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (name, variantName, mayHave) => {
          const words = outOfStockMessage({ name, variantName }, mayHave);
          expect(words).toContain(productLabel({ name, variantName }));
          expect(productLabel({ name, variantName }).startsWith(name)).toBe(true);
          const only = /^Only (\d+) left of /.exec(words);
          if (mayHave < 1) expect(words.endsWith(' is sold out.')).toBe(true);
          else expect(Number(only?.[1])).toBe(Math.floor(mayHave));
        },
      ),
    );
  });
});
