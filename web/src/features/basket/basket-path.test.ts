import { describe, expect, it } from 'vitest';
import { basketPathFor } from './basket-path.ts';

describe('the basket page’s path', () => {
  it('is /shop/checkout/basket only when showNewBasketPage is on', () => {
    expect(basketPathFor({ showNewBasketPage: true })).toBe('/shop/checkout/basket');
    expect(basketPathFor({ showNewBasketPage: 'true' })).toBe('/shop/checkout/basket');
    expect(basketPathFor({ showNewBasketPage: false })).toBe('/checkout/basket');
    expect(basketPathFor({ showNewBasketPage: 'yes please' })).toBe('/checkout/basket');
    expect(basketPathFor({})).toBe('/checkout/basket');
    expect(basketPathFor(null)).toBe('/checkout/basket');
  });
});
