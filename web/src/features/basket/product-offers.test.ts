import { describe, expect, it } from 'vitest';
import { productCards, settleDraft, shownQuantity, type ProductOfferData } from './product-offers.ts';
import { basketEvent, basketOf, product } from './test-factories.ts';

const offer = (over: Partial<ProductOfferData> = {}): ProductOfferData => ({
  ProductID: 1,
  ProductVariantID: 1,
  ProductTypeId: 1,
  Name: 'Souvenir programme',
  VariantName: 'Souvenir programme',
  Description: 'Cast biographies.',
  ImageUrl: '/products/programme.svg',
  Price: 800,
  Stock: null,
  EventID: null,
  IsEventTemplateProductItem: true,
  ChildFeeItems: [],
  ...over,
});

describe('product cards', () => {
  const night = basketEvent(7, '2026-12-01T19:30:00Z', { Name: 'Aurora Skyline' });

  it('puts the variants of a product on one card, with the quantity the basket holds of each', () => {
    const offers = [
      offer(),
      offer({
        ProductID: 2,
        ProductVariantID: 2,
        Name: 'Interval drink',
        VariantName: 'Glass of wine',
        Price: 950,
      }),
      offer({
        ProductID: 2,
        ProductVariantID: 3,
        Name: 'Interval drink',
        VariantName: 'Soft drink',
        Price: 450,
      }),
      offer({ ProductID: 9, ProductVariantID: 20, Name: 'Parking', VariantName: 'Parking', EventID: 7 }),
    ];
    const basket = basketOf(
      [],
      [
        product({
          ProductID: 2,
          ProductVariantID: 3,
          Quantity: 2,
          IsEventTemplateProductItem: true,
          EventID: null,
        }),
        product({ ID: 101, ProductID: 9, ProductVariantID: 20, Quantity: 1, EventID: 7 }),
      ],
    );
    const cards = productCards(offers, basket, [night]);
    expect(cards.map((c) => c.name)).toEqual(['Souvenir programme', 'Interval drink', 'Parking']);
    // One variant named as its product: no variant name to show.
    expect(cards[0]!.variants).toEqual([
      { key: '1|1', productId: 1, variantId: 1, eventId: null, variantName: null, price: 800, quantity: 0 },
    ]);
    expect(cards[1]!.variants.map((v) => [v.variantName, v.price, v.quantity])).toEqual([
      ['Glass of wine', 950, 0],
      ['Soft drink', 450, 2],
    ]);
    expect(cards[2]!.event?.Name).toBe('Aurora Skyline');
    expect(cards[2]!.variants[0]!.quantity).toBe(1);
  });

  it('lists an offer once even when two of the basket’s performances bring it', () => {
    expect(productCards([offer(), offer()], basketOf([]), [])[0]!.variants).toHaveLength(1);
  });
});

describe('the optimistic quantities', () => {
  const variant = { key: '1|1', quantity: 1 };

  it('shows the buyer’s change while it waits, and the server’s figure once the batch settles', () => {
    const draft = new Map([['1|1', 3]]);
    expect(shownQuantity(draft, variant)).toBe(3);
    const settled = settleDraft(draft, new Map([['1|1', 3]]));
    // Accepted: the basket now says 3. Refused: it still says 1, and 1 shows again (the revert).
    expect(shownQuantity(settled, { ...variant, quantity: 3 })).toBe(3);
    expect(shownQuantity(settled, variant)).toBe(1);
  });

  it('keeps a newer change made while the batch was in flight', () => {
    const draft = new Map([
      ['1|1', 0],
      ['2|2', 2],
    ]);
    const settled = settleDraft(
      draft,
      new Map([
        ['1|1', 3],
        ['2|2', 2],
      ]),
    );
    expect([...settled]).toEqual([['1|1', 0]]);
  });
});
