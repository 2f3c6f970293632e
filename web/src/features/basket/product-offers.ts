import type { z } from 'zod';
import type { Basket, ProductOffer } from '../../../../adapters/http/contract/basket.ts';
import { MAX_PRODUCT_QUANTITY } from '../../../../core/basket/products/quantities.ts';
import type { BasketEventData } from './group-by-event.ts';

// The add-ons panel's data (products): the view model's offers
// for the basket's performances, one card per product with its variants, each with the quantity
// the basket holds. The stepper's quantities are whole numbers from 0 to the server's cap.

export type ProductOfferData = z.infer<typeof ProductOffer>;

export const MAX_SHOWN_QUANTITY = MAX_PRODUCT_QUANTITY;

/** What identifies a product line: the product and its variant. */
export const productKey = (p: { ProductID: number; ProductVariantID: number }): string =>
  `${p.ProductID}|${p.ProductVariantID}`;

export interface VariantOffer {
  readonly key: string;
  readonly productId: number;
  readonly variantId: number;
  readonly eventId: number | null;
  /** Null when the product has one variant of its own name (nothing to tell apart). */
  readonly variantName: string | null;
  readonly price: number;
  /** What the basket holds (the server's figure). */
  readonly quantity: number;
}

export interface ProductCard {
  readonly productId: number;
  readonly name: string;
  readonly description: string | null;
  readonly imageUrl: string | null;
  /** The performance an offer is for, when it is for one performance only (parking). */
  readonly event: BasketEventData | null;
  readonly variants: readonly VariantOffer[];
}

/** The offers as cards, in the server's order; quantities from the basket's product lines. */
export const productCards = (
  offers: readonly ProductOfferData[],
  basket: Pick<Basket, 'ProductItems' | 'EventTemplateProductItems'>,
  events: readonly BasketEventData[],
): ProductCard[] => {
  const held = new Map<string, number>();
  for (const line of [...basket.ProductItems, ...basket.EventTemplateProductItems])
    held.set(productKey(line), (held.get(productKey(line)) ?? 0) + line.Quantity);
  const cards = new Map<number, { card: Omit<ProductCard, 'variants'>; offers: ProductOfferData[] }>();
  for (const offer of offers) {
    const entry = cards.get(offer.ProductID);
    if (entry) {
      if (!entry.offers.some((o) => productKey(o) === productKey(offer))) entry.offers.push(offer);
      continue;
    }
    cards.set(offer.ProductID, {
      card: {
        productId: offer.ProductID,
        name: offer.Name,
        description: offer.Description,
        imageUrl: offer.ImageUrl,
        event: offer.EventID === null ? null : (events.find((e) => e.ID === offer.EventID) ?? null),
      },
      offers: [offer],
    });
  }
  return [...cards.values()].map(({ card, offers: variants }) => ({
    ...card,
    variants: variants.map((o) => ({
      key: productKey(o),
      productId: o.ProductID,
      variantId: o.ProductVariantID,
      eventId: o.EventID,
      variantName: variants.length === 1 && o.VariantName === o.Name ? null : o.VariantName,
      price: o.Price,
      quantity: held.get(productKey(o)) ?? 0,
    })),
  }));
};

/** The buyer's changes not yet confirmed by the server: quantity by product key. */
export type ProductDraft = ReadonlyMap<string, number>;

/** The quantity a variant shows: the buyer's change while it waits, else the server's figure. */
export const shownQuantity = (draft: ProductDraft, variant: Pick<VariantOffer, 'key' | 'quantity'>): number =>
  draft.get(variant.key) ?? variant.quantity;

/**
 * After a batch settles, accepted or refused: its changes leave the draft, so the basket's
 * quantities show again (the new ones, or on refusal the old ones: the revert). A key changed
 * again meanwhile keeps its newer value, which is still waiting to be sent.
 */
export const settleDraft = (draft: ProductDraft, sent: ReadonlyMap<string, number>): ProductDraft => {
  const next = new Map(draft);
  for (const [key, quantity] of sent) if (next.get(key) === quantity) next.delete(key);
  return next;
};
