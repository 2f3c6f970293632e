import { useEffect, useRef, useState } from 'react';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import {
  changePriceType,
  changePromotion,
  removeBasketItems,
  type BasketData,
} from '../basket/basket-api.ts';
import { startPriceChange, type PendingPriceChange } from '../basket/pending-change.ts';
import { keepPresent, toggleSelection, type BulkAction } from './bulk-actions.ts';
import { overridePrice, removeFees } from './staff-basket-api.ts';

/** What a bulk modal asks the page to do. */
export type BulkRequest =
  | { readonly action: 'changePriceType'; readonly priceTypeId: number }
  | { readonly action: 'changePromotion'; readonly promoCode: string | null }
  | { readonly action: 'overridePrice'; readonly price: number }
  | { readonly action: 'removeItems' }
  | { readonly action: 'removeFees' };

export type BulkOutcome = { readonly ok: true } | { readonly ok: false; readonly busy: boolean };

/**
 * The staff basket's bulk edits: the ticked lines (kept to those still in the basket), the open
 * modal, and each action run as one basket change. After an action the selection clears and the
 * modal closes, whatever the answer; a failure's words go to the page's banner. A price-type
 * change holds the one price-type lock (pending-change.ts) that the lines' own changes share:
 * the new type shows at once and a failure puts the old ones back.
 */
export const useBulkEdit = (input: {
  readonly basket: BasketData;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  /** A line's own price-type change in flight (the consumer hook's). */
  readonly linePending: PendingPriceChange | null;
  readonly showFailure: (error: unknown, fallbackKey?: string) => Promise<void>;
}) => {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<BulkAction | null>(null);
  const pendingRef = useRef<PendingPriceChange | null>(null);
  const [pending, setPending] = useState<PendingPriceChange | null>(null);
  const tickets = input.basket.TicketItems;

  useEffect(() => {
    setSelected((current) =>
      keepPresent(
        current,
        tickets.map((i) => i.ID),
      ),
    );
  }, [tickets]);

  const selectedItems: TicketItem[] = tickets.filter((i) => selected.has(i.ID));
  const ids = selectedItems.map((i) => i.ID);

  const finish = () => {
    setSelected(new Set());
    setOpen(null);
  };

  const changeTypes = async (priceTypeId: number): Promise<BulkOutcome> => {
    const started = startPriceChange(pendingRef.current ?? input.linePending, tickets, {
      itemIds: ids,
      priceTypeId,
    });
    if (!started.ok) {
      if (started.reason === 'busy') return { ok: false, busy: true };
      finish();
      return { ok: true };
    }
    pendingRef.current = started.pending;
    setPending(started.pending);
    finish();
    try {
      await input.update(() => changePriceType(started.pending.itemIds, priceTypeId));
      return { ok: true };
    } catch (error) {
      await input.showFailure(error, 'basket.priceChange.failed');
      return { ok: false, busy: false };
    } finally {
      pendingRef.current = null;
      setPending(null);
    }
  };

  const run = async (request: BulkRequest): Promise<BulkOutcome> => {
    if (request.action === 'changePriceType') return changeTypes(request.priceTypeId);
    const change = (() => {
      switch (request.action) {
        case 'changePromotion':
          return () =>
            changePromotion(ids.map((basketItemId) => ({ basketItemId, promoCode: request.promoCode })));
        case 'overridePrice':
          return () => overridePrice(ids, request.price);
        case 'removeItems':
          return () => removeBasketItems(ids);
        case 'removeFees':
          return () => removeFees(ids);
      }
    })();
    finish();
    try {
      await input.update(change);
      return { ok: true };
    } catch (error) {
      await input.showFailure(error);
      return { ok: false, busy: false };
    }
  };

  return {
    selected,
    selectedItems,
    toggle: (itemIds: readonly number[], on: boolean) =>
      setSelected((current) => toggleSelection(current, itemIds, on)),
    open,
    openModal: setOpen,
    closeModal: () => setOpen(null),
    /** The bulk price-type change in flight: its lines show the new type. */
    pending,
    /** A price-type change (bulk or a line's) is in flight. */
    priceTypeBusy: pending !== null || input.linePending !== null,
    run,
  };
};
