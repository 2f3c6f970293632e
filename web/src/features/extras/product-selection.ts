import type { z } from 'zod';
import type { EventProducts, ProductOffer } from '../../../../adapters/http/contract/basket.ts';
import { clampQuantity, MAX_PRODUCT_QUANTITY } from '../../../../core/basket/products/quantities.ts';

// The product selection page's model: the performance's offers as cards, one per product with
// its variants, each with its price, the units left (where counted) and how many the buyer
// chooses. A choice never goes below 0 nor above what the buyer may have: the basket's cap, and
// for a counted variant what the basket holds already plus what is left.

export type ProductOfferData = z.infer<typeof ProductOffer>;
export type EventProductsData = z.infer<typeof EventProducts>;

export interface SelectionVariant {
  readonly key: string;
  readonly productId: number;
  readonly variantId: number;
  readonly eventId: number | null;
  /** Null when the product has one variant of its own name. */
  readonly variantName: string | null;
  readonly price: number;
  /** Units left to sell; null: not counted. */
  readonly stock: number | null;
  /** What the buyer's basket holds already. */
  readonly held: number;
}

export interface SelectionCard {
  readonly productId: number;
  readonly name: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  readonly variants: readonly SelectionVariant[];
}

export const variantKey = (p: { ProductID: number; ProductVariantID: number }): string =>
  `${p.ProductID}|${p.ProductVariantID}`;

/** The offers as cards in the server's order; `held` by variant key (the buyer's basket). */
export const selectionCards = (
  offers: readonly ProductOfferData[],
  held: ReadonlyMap<string, number>,
): SelectionCard[] => {
  const cards = new Map<number, { first: ProductOfferData; offers: ProductOfferData[] }>();
  for (const offer of offers) {
    const entry = cards.get(offer.ProductID);
    if (!entry) cards.set(offer.ProductID, { first: offer, offers: [offer] });
    else if (!entry.offers.some((o) => variantKey(o) === variantKey(offer))) entry.offers.push(offer);
  }
  return [...cards.values()].map(({ first, offers: variants }) => ({
    productId: first.ProductID,
    name: first.Name,
    description: first.Description,
    imageUrl: first.ImageUrl,
    variants: variants.map((o) => ({
      key: variantKey(o),
      productId: o.ProductID,
      variantId: o.ProductVariantID,
      eventId: o.EventID,
      variantName: variants.length === 1 && o.VariantName === o.Name ? null : o.VariantName,
      price: o.Price,
      stock: o.Stock,
      held: held.get(variantKey(o)) ?? 0,
    })),
  }));
};

/** The most the buyer may choose of a variant. */
export const maxQuantity = (variant: Pick<SelectionVariant, 'stock' | 'held'>): number =>
  variant.stock === null ? MAX_PRODUCT_QUANTITY : clampQuantity(variant.held + variant.stock);

/** A choice as the page keeps it: a whole number from 0 to the variant's most. */
export const choose = (variant: Pick<SelectionVariant, 'stock' | 'held'>, quantity: number): number =>
  Math.min(maxQuantity(variant), clampQuantity(quantity));

/**
 * What the buyer chose of a variant: their choice, else what the basket holds; never above what
 * is left now (the stock may have fallen since the choice).
 */
export const chosenOf = (choices: ReadonlyMap<string, number>, variant: SelectionVariant): number =>
  Math.min(choices.get(variant.key) ?? variant.held, maxQuantity(variant));

/** The units left once the buyer's choice is held (what the page shows as "left"). */
export const leftAfter = (variant: SelectionVariant, chosen: number): number | null =>
  variant.stock === null ? null : Math.max(0, variant.stock + variant.held - chosen);

/** The lines to send (only the variants whose choice differs from what the basket holds). */
export const changedLines = (cards: readonly SelectionCard[], choices: ReadonlyMap<string, number>) =>
  cards.flatMap((card) =>
    card.variants.flatMap((v) => {
      const quantity = chosenOf(choices, v);
      return quantity === v.held
        ? []
        : [{ ProductID: v.productId, ProductVariantID: v.variantId, Quantity: quantity, eventID: v.eventId }];
    }),
  );

/** The price of everything chosen. */
export const chosenTotal = (cards: readonly SelectionCard[], choices: ReadonlyMap<string, number>): number =>
  cards.reduce((sum, card) => sum + card.variants.reduce((s, v) => s + v.price * chosenOf(choices, v), 0), 0);
