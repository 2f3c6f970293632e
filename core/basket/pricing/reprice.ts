import type { TicketItem, TicketPrice } from '../basket.ts';

// Changing the price type or the promotion of some items (staff edit many at once):
// all of them change or none does, and no other item changes.

export type RepriceOutcome =
  | { readonly ok: true; readonly changed: readonly TicketItem[] }
  | { readonly ok: false; readonly itemId: number | null; readonly reason: string };

/**
 * Reprices the chosen items with `reprice`; unknown ids or a refusal for any one item fail the
 * whole change (the basket keeps its old prices).
 */
export const repriceItems = (
  tickets: readonly TicketItem[],
  itemIds: readonly number[],
  reprice: (item: TicketItem) => TicketPrice | { readonly message: string },
): RepriceOutcome => {
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0) return { ok: false, itemId: null, reason: 'No basket items were chosen.' };
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const changed: TicketItem[] = [];
  for (const id of wanted) {
    const item = byId.get(id);
    if (!item) return { ok: false, itemId: id, reason: `Basket item ${id} is not in the basket.` };
    const price = reprice(item);
    if ('message' in price) return { ok: false, itemId: id, reason: price.message };
    changed.push({ ...item, ...price });
  }
  return { ok: true, changed };
};

/** The basket's tickets with the changed ones swapped in, in the same order. */
export const withChanged = (tickets: readonly TicketItem[], changed: readonly TicketItem[]): TicketItem[] => {
  const byId = new Map(changed.map((t) => [t.id, t]));
  return tickets.map((t) => byId.get(t.id) ?? t);
};
