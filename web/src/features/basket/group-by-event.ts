import type { z } from 'zod';
import type {
  Basket,
  BasketEvent,
  ProductItem,
  TicketItem,
} from '../../../../adapters/http/contract/basket.ts';

// The basket page lists items by performance: each event
// once, earliest first, its seats in seating order, then its add-ons. Add-ons of no event
// (event-template products) close the list.

export type BasketEventData = z.infer<typeof BasketEvent>;
export type ProductItemData = z.infer<typeof ProductItem>;

export interface EventGroup {
  /** Null for the group of add-ons that belong to no performance. */
  readonly eventId: number | null;
  readonly event: BasketEventData | null;
  readonly tickets: readonly TicketItem[];
  readonly products: readonly ProductItemData[];
  /** Number of tickets (a GA line counts its quantity). */
  readonly ticketCount: number;
  /** Sum of the lines' LineTotal. */
  readonly total: number;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Seats by section, row and number (row 10 after row 9); GA after seats. */
export const bySeatingOrder = (a: TicketItem, b: TicketItem): number =>
  Number(a.GA) - Number(b.GA) ||
  collator.compare(a.Section ?? a.Key, b.Section ?? b.Key) ||
  collator.compare(a.Row ?? '', b.Row ?? '') ||
  collator.compare(a.Seat ?? '', b.Seat ?? '') ||
  a.ID - b.ID;

export const groupByEvent = (
  basket: Pick<Basket, 'TicketItems' | 'ProductItems' | 'EventTemplateProductItems'>,
  events: readonly BasketEventData[],
): EventGroup[] => {
  const eventsById = new Map(events.map((e) => [e.ID, e]));
  const tickets = new Map<number, TicketItem[]>();
  const products = new Map<number | null, ProductItemData[]>();
  for (const item of basket.TicketItems)
    tickets.set(item.EventID, [...(tickets.get(item.EventID) ?? []), item]);
  // An add-on of an event with no tickets here still shows under that event.
  for (const item of [...basket.ProductItems, ...basket.EventTemplateProductItems])
    products.set(item.EventID, [...(products.get(item.EventID) ?? []), item]);
  const eventIds = [
    ...new Set([...tickets.keys(), ...[...products.keys()].filter((k): k is number => k !== null)]),
  ];
  const startOf = (id: number) => eventsById.get(id)?.StartsAtUtc ?? '';
  eventIds.sort((a, b) => startOf(a).localeCompare(startOf(b)) || a - b);
  const group = (eventId: number | null): EventGroup => {
    const t = eventId === null ? [] : [...(tickets.get(eventId) ?? [])].sort(bySeatingOrder);
    const p = [...(products.get(eventId) ?? [])].sort((a, b) => a.ID - b.ID);
    return {
      eventId,
      event: eventId === null ? null : (eventsById.get(eventId) ?? null),
      tickets: t,
      products: p,
      ticketCount: t.reduce((n, item) => n + item.Quantity, 0),
      total: [...t, ...p].reduce((sum, item) => sum + item.LineTotal, 0),
    };
  };
  const groups = eventIds.map(group);
  if (products.has(null)) groups.push(group(null));
  return groups;
};

/** Whether the basket holds nothing the buyer could check out. */
export const isEmptyBasket = (
  basket: Pick<Basket, 'TicketItems' | 'ProductItems' | 'EventTemplateProductItems'> &
    Partial<Pick<Basket, 'GiftCertificateItems' | 'MembershipItems'>>,
): boolean =>
  basket.TicketItems.length +
    basket.ProductItems.length +
    basket.EventTemplateProductItems.length +
    (basket.GiftCertificateItems?.length ?? 0) +
    (basket.MembershipItems?.length ?? 0) ===
  0;
