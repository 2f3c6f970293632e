import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';

// How a basket line is named to the buyer ("Stalls, row F, seat 12"; "Standing: 2 tickets").
// The words come from the page's translations; this only picks which phrase and its values.

export type ItemName =
  | { readonly key: 'basket.item.seat'; readonly values: { section: string; row: string; seat: string } }
  | { readonly key: 'basket.item.ga'; readonly values: { section: string; count: number } };

export const itemNameOf = (item: TicketItem): ItemName =>
  item.GA || item.Row === null || item.Seat === null
    ? { key: 'basket.item.ga', values: { section: item.Section ?? item.Key, count: item.Quantity } }
    : {
        key: 'basket.item.seat',
        values: { section: item.Section ?? item.Key, row: item.Row, seat: item.Seat },
      };
