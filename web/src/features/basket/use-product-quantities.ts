import { useEffect, useRef, useState } from 'react';
import { updateProducts, type BasketData } from './basket-api.ts';
import { coalescingDebounce, PRODUCT_UPDATE_DEBOUNCE_MS } from './coalescing-debounce.ts';
import { settleDraft, shownQuantity, type ProductDraft, type VariantOffer } from './product-offers.ts';

// The add-ons panel's state: the stepper shows a change at once (the draft), the change goes to
// PUT /api/v2/baskets/updateProducts 1000 ms after the buyer's last click (a run of clicks is
// one call), and the server's answer replaces the basket: its lines and totals. A refused change
// leaves the draft, so the basket's old quantity shows again, with the server's words.

type UpdateItem = Parameters<typeof updateProducts>[0][number];

export const useProductQuantities = (options: {
  /** The basket page's update: 'Updating basket...' while it runs, its answer put in place. */
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  /** The words for a failure (null: the page went elsewhere, the basket being gone). */
  readonly failure: (error: unknown) => Promise<string | null>;
}) => {
  const [draft, setDraft] = useState<ProductDraft>(new Map());
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const [queue] = useState(() =>
    coalescingDebounce<string, UpdateItem>({
      delayMs: PRODUCT_UPDATE_DEBOUNCE_MS,
      send: async (batch) => {
        const sent = new Map([...batch].map(([key, item]) => [key, item.Quantity]));
        try {
          await latest.current.update(() => updateProducts([...batch.values()]));
          setError(null);
        } catch (error) {
          const message = await latest.current.failure(error);
          if (message) setError(message);
        } finally {
          setDraft((current) => settleDraft(current, sent));
        }
      },
    }),
  );

  // Leaving the page (a link, the back button): what the buyer set still goes to the basket.
  useEffect(() => () => void queue.flush(), [queue]);

  return {
    quantityOf: (variant: VariantOffer) => shownQuantity(draft, variant),
    set: (variant: VariantOffer, quantity: number) => {
      setDraft((current) => new Map(current).set(variant.key, quantity));
      queue.put(variant.key, {
        ProductID: variant.productId,
        ProductVariantID: variant.variantId,
        Quantity: quantity,
        eventID: variant.eventId,
      });
    },
    error,
    dismissError: () => setError(null),
    /** Sends what waits now; settles once the server has answered (before checkout). */
    flush: queue.flush,
  };
};
