import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  changedLines,
  choose,
  chosenTotal,
  leftAfter,
  maxQuantity,
  selectionCards,
  type ProductOfferData,
} from './product-selection.ts';

const offer = (over: Partial<ProductOfferData> = {}): ProductOfferData => ({
  ProductID: 1,
  ProductVariantID: 1,
  ProductTypeId: 1,
  Name: 'Interval drink',
  VariantName: 'Glass of wine',
  Description: null,
  ImageUrl: null,
  Price: 950,
  Stock: null,
  EventID: null,
  IsEventTemplateProductItem: true,
  ChildFeeItems: [],
  ...over,
});

describe('the product selection model', () => {
  test('one card per product, its variants in order, with stock and what the basket holds', () => {
    const cards = selectionCards(
      [
        offer({ ProductVariantID: 1, Stock: 3 }),
        offer({ ProductVariantID: 2, VariantName: 'Soft drink', Price: 450 }),
        offer({ ProductID: 2, ProductVariantID: 3, Name: 'Cloakroom', VariantName: 'Cloakroom', Price: 300 }),
      ],
      new Map([['1|1', 2]]),
    );
    expect(cards.map((c) => c.name)).toEqual(['Interval drink', 'Cloakroom']);
    expect(cards[0]!.variants.map((v) => [v.variantName, v.stock, v.held])).toEqual([
      ['Glass of wine', 3, 2],
      ['Soft drink', null, 0],
    ]);
    expect(cards[1]!.variants[0]!.variantName).toBeNull();
    expect(changedLines(cards, new Map([['1|1', 5]]))).toEqual([
      { ProductID: 1, ProductVariantID: 1, Quantity: 5, eventID: null },
    ]);
    expect(chosenTotal(cards, new Map([['2|3', 2]]))).toBe(2 * 950 + 2 * 300);
  });

  test('a choice is never below 0 nor above what the buyer may have, and what is left never below 0', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
        fc.integer({ min: 0, max: 99 }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (stock, held, asked) => {
          const variant = { stock, held };
          const chosen = choose(variant, asked);
          expect(Number.isInteger(chosen)).toBe(true);
          expect(chosen).toBeGreaterThanOrEqual(0);
          expect(chosen).toBeLessThanOrEqual(Math.min(99, stock === null ? 99 : stock + held));
          const most = stock === null ? 99 : Math.min(99, stock + held);
          expect(maxQuantity(variant)).toBe(most);
          expect(chosen).toBe(Math.min(most, Math.max(0, Math.min(99, Math.floor(asked)))));
          const left = leftAfter(
            { key: 'k', productId: 1, variantId: 1, eventId: null, variantName: null, price: 1, stock, held },
            chosen,
          );
          if (stock === null) expect(left).toBeNull();
          else expect(left).toBe(stock + held - chosen);
        },
      ),
    );
  });
});
