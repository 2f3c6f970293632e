import { useState } from 'react';
import { removeBasketItems, type BasketData } from './basket-api.ts';

/**
 * A basket line's remove button (membership and gift certificate lines): which lines are being
 * removed, and the removal itself through the basket's update, a failure shown by the page.
 */
export const useLineRemoval = (
  update: (run: () => Promise<BasketData>) => Promise<BasketData>,
  showFailure: (error: unknown) => Promise<void>,
) => {
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const remove = async (id: number) => {
    setRemoving((ids) => new Set(ids).add(id));
    try {
      await update(() => removeBasketItems([id]));
    } catch (error) {
      await showFailure(error);
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };
  return { removing, remove };
};
