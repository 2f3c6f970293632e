// Only one price-type change may be pending at a time ('There is already a price changed being
// processed.'): the server prices one change at a time; a failed change puts the old price
// types back. The page shows the new type at once, from the pending change
// only: when the change settles the items show what the server answered, or kept on failure.

export interface PriceTypeChange {
  readonly itemIds: readonly number[];
  readonly priceTypeId: number;
}

export interface PendingPriceChange extends PriceTypeChange {
  /** Each changed item's price type before the change: what a failure restores. */
  readonly previous: ReadonlyMap<number, number>;
}

export type StartResult =
  | { readonly ok: true; readonly pending: PendingPriceChange }
  | { readonly ok: false; readonly reason: 'busy' | 'unchanged' };

/** Starts a change unless one is pending; a change to the types the items already have is no change. */
export const startPriceChange = (
  pending: PendingPriceChange | null,
  items: readonly { readonly ID: number; readonly PriceTypeID: number }[],
  change: PriceTypeChange,
): StartResult => {
  if (pending) return { ok: false, reason: 'busy' };
  const wanted = new Set(change.itemIds);
  const changed = items.filter((i) => wanted.has(i.ID) && i.PriceTypeID !== change.priceTypeId);
  if (changed.length === 0) return { ok: false, reason: 'unchanged' };
  return {
    ok: true,
    pending: {
      itemIds: changed.map((i) => i.ID),
      priceTypeId: change.priceTypeId,
      previous: new Map(changed.map((i) => [i.ID, i.PriceTypeID])),
    },
  };
};

/** The price type an item shows: the one being changed to while the change is pending. */
export const shownPriceTypeId = (
  item: { readonly ID: number; readonly PriceTypeID: number },
  pending: PendingPriceChange | null,
): number => (pending?.previous.has(item.ID) ? pending.priceTypeId : item.PriceTypeID);
