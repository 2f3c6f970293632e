import type { ProductItem } from '../basket.ts';

// Add-on products (the web debounces quantity updates; a quantity cannot go below 0). An update
// sets a product's quantity; 0 takes it out.

export const MAX_PRODUCT_QUANTITY = 99;

export interface ProductQuantity {
  readonly productId: number;
  readonly productVariantId: number;
  readonly quantity: number;
}

const keyOf = (p: { productId: number; productVariantId: number }) => `${p.productId}|${p.productVariantId}`;

/** A quantity as the basket keeps it: a whole number from 0 to 99 (fractions round down). */
export const clampQuantity = (quantity: number): number =>
  Number.isFinite(quantity) ? Math.min(MAX_PRODUCT_QUANTITY, Math.max(0, Math.floor(quantity))) : 0;

/**
 * Every product line after the updates (the last update of a product wins), lines at 0 left
 * out; products not updated keep their quantity.
 */
export const applyProductQuantities = (
  current: readonly Pick<ProductItem, 'productId' | 'productVariantId' | 'quantity'>[],
  updates: readonly ProductQuantity[],
): ProductQuantity[] => {
  const lines = new Map<string, ProductQuantity>();
  for (const p of current)
    lines.set(keyOf(p), {
      productId: p.productId,
      productVariantId: p.productVariantId,
      quantity: clampQuantity(p.quantity),
    });
  for (const u of updates) lines.set(keyOf(u), { ...u, quantity: clampQuantity(u.quantity) });
  return [...lines.values()].filter((line) => line.quantity > 0);
};
