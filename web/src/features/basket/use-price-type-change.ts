import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { isApiError } from '../../api/api-error.ts';
import { changePriceType, type BasketData } from './basket-api.ts';
import { startPriceChange, type PendingPriceChange } from './pending-change.ts';
import type { ChangeFailure } from './use-change-failure.ts';

/**
 * A ticket line's change of ticket type: one change at a time (a line changed meanwhile is told
 * so, until the pending change is over), the new type shown at once, and a refusal's words (with
 * the server's reason when it gave one) under the line until the basket changes again.
 */
export const usePriceTypeChange = (input: {
  readonly basket: BasketData;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly failure: ChangeFailure;
}) => {
  const { t } = useTranslation();
  const pendingRef = useRef<PendingPriceChange | null>(null);
  const [pending, setPending] = useState<PendingPriceChange | null>(null);
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const refusedWhileBusy = useRef(new Set<number>());

  // A line's error is about the basket it was shown with: a new answer from the server clears it.
  useEffect(() => setLineErrors(new Map()), [input.basket]);

  const setLineError = (itemId: number, message: string | null) =>
    setLineErrors((errors) => {
      const next = new Map(errors);
      if (message) next.set(itemId, message);
      else next.delete(itemId);
      return next;
    });

  const changeType = async (item: TicketItem, priceTypeId: number) => {
    const started = startPriceChange(pendingRef.current, input.basket.TicketItems, {
      itemIds: [item.ID],
      priceTypeId,
    });
    if (!started.ok) {
      if (started.reason === 'busy') {
        setLineError(item.ID, t('basket.priceChange.busy'));
        refusedWhileBusy.current.add(item.ID);
      }
      return;
    }
    pendingRef.current = started.pending;
    setPending(started.pending);
    setLineError(item.ID, null);
    try {
      await input.update(() => changePriceType(started.pending.itemIds, priceTypeId));
    } catch (error) {
      const message = await input.failure(error, 'basket.priceChange.failed');
      const reason = isApiError(error) ? error.reason : undefined;
      if (message)
        setLineError(item.ID, reason ? t('basket.priceChange.failedBecause', { message, reason }) : message);
    } finally {
      pendingRef.current = null;
      setPending(null);
      // 'Already being processed' is over once it is: those lines may be changed now.
      for (const id of refusedWhileBusy.current) setLineError(id, null);
      refusedWhileBusy.current.clear();
    }
  };

  return { pending, lineErrors, changeType };
};
