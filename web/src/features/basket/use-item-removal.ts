import { useState } from 'react';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { removeBasketItems, type BasketData } from './basket-api.ts';

/**
 * Removing a ticket line: the release-seats warning first (`releasing`), then the removal, the
 * line marked as being removed until the server has answered; a refusal's words go to the page.
 */
export const useItemRemoval = (input: {
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
  /** Told the performance before the removal is sent (an empty basket returns to it). */
  readonly removedFrom: (eventId: number | null) => void;
}) => {
  const [releasing, setReleasing] = useState<TicketItem | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());

  const remove = async (item: TicketItem) => {
    setReleasing(null);
    setRemoving((ids) => new Set(ids).add(item.ID));
    input.removedFrom(item.EventID);
    try {
      await input.update(() => removeBasketItems([item.ID]));
    } catch (error) {
      await input.showFailure(error);
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(item.ID);
        return next;
      });
    }
  };

  return {
    releasing,
    askToRelease: (item: TicketItem) => setReleasing(item),
    cancelRelease: () => setReleasing(null),
    removing,
    remove,
  };
};
