import { Data } from 'effect';
import { MAX_PRODUCT_QUANTITY } from '../basket/products/quantities.ts';

// Stock of add-on products, counted per variant. A basket that takes a product holds units: they
// leave the variant's stock at once (so two baskets never both get the last one) and come back
// when the basket lets go of them: items removed, the basket expired, or its time run out. A
// completed basket's units are sold and never come back.
//
// Stock never goes below zero: the store takes units with a conditional update (only when enough
// are left) and PostgreSQL refuses a negative stock besides (migrations/20261213000200_gift_certificates.ts).
// A variant whose stock is not counted (null) sells without limit, as every variant did before.

export type StockDecision =
  { readonly ok: true; readonly stock: number | null } | { readonly ok: false; readonly available: number };

/** Taking `quantity` units out of `stock`: what is left, or how many there were. */
export const takeFromStock = (stock: number | null, quantity: number): StockDecision =>
  stock === null
    ? { ok: true, stock: null }
    : quantity <= stock
      ? { ok: true, stock: stock - quantity }
      : { ok: false, available: stock };

/** Null when a basket may hold `quantity` units (as the basket counts them), else what to fix. */
export const holdQuantityProblem = (quantity: number, allowZero: boolean): string | null =>
  Number.isSafeInteger(quantity) && quantity >= (allowZero ? 0 : 1) && quantity <= MAX_PRODUCT_QUANTITY
    ? null
    : `The quantity must be a whole number from ${allowZero ? 0 : 1} to ${MAX_PRODUCT_QUANTITY}; got ${quantity}.`;

/** Null when `stock` may be set as a variant's stock, else what to fix. */
export const stockProblem = (stock: number | null): string | null =>
  stock === null || (Number.isSafeInteger(stock) && stock >= 0 && stock <= 1_000_000)
    ? null
    : `The stock must be a whole number from 0 to 1000000, or none to stop counting; got ${stock}.`;

export class ProductVariantNotFound extends Data.TaggedError('ProductVariantNotFound')<{
  readonly productVariantId: number;
}> {}

/** Fewer units are left than asked for; nothing was taken. */
export class OutOfStock extends Data.TaggedError('OutOfStock')<{
  readonly productVariantId: number;
  readonly asked: number;
  readonly available: number;
}> {}

/** The basket is completed, expired or gone: it may not take stock. */
export class StockBasketNotLive extends Data.TaggedError('StockBasketNotLive')<{
  readonly basketId: string;
}> {}

export class StockRequestInvalid extends Data.TaggedError('StockRequestInvalid')<{
  readonly field: 'quantity' | 'stock';
  readonly message: string;
}> {}
