// What a buyer is told when a product's stock cannot cover the quantity asked for: how many
// they may have at most, so they know what to change (the stock itself: core/extras/product-stock.ts).

export interface StockedProduct {
  readonly name: string;
  readonly variantName: string;
}

/** "Interval drink: Glass of wine", or the product's name alone when its variant is named alike. */
export const productLabel = (product: StockedProduct): string =>
  product.variantName === product.name || product.variantName === ''
    ? product.name
    : `${product.name}: ${product.variantName}`;

/**
 * The refusal's words; `mayHave` is what the basket may hold of the variant at most (what it
 * holds already plus the units left), never below 0.
 */
export const outOfStockMessage = (product: StockedProduct, mayHave: number): string => {
  const left = Math.max(0, Math.floor(mayHave));
  return left === 0
    ? `${productLabel(product)} is sold out.`
    : `Only ${left} left of ${productLabel(product)}. Choose ${left} or fewer.`;
};
