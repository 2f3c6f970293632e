import type { TicketItem } from '../basket.ts';
import { AdminBasketRefused } from './errors.ts';
import { ticketUnitPrice } from '../totals.ts';

// Override price (staff with the overridePrice permission only: the route and the use case ask
// for it, and no consumer call takes a price): every chosen ticket costs `price` a ticket before
// fees. The price it replaced is kept so it can be shown (OriginalPrice); a second override keeps
// the first original. Totals stay the sum of their parts (totals.ts), and never go negative
// because no price is.

/** An override in force on a ticket: the price it replaced and the price set. */
export interface PriceOverride {
  readonly originalPrice: number;
  readonly overridePrice: number;
}

export interface OverriddenTicket {
  readonly ticket: TicketItem;
  readonly originalPrice: number;
  readonly overridePrice: number;
}

/** The override is in force while nothing repriced the ticket since (its price is still the one set). */
export const overrideInForce = (ticket: TicketItem, override: PriceOverride | undefined): boolean =>
  override !== undefined && ticketUnitPrice(ticket) === override.overridePrice;

/** The chosen items, each once; every one must be a ticket of the basket. */
export const chosenTickets = (
  tickets: readonly TicketItem[],
  itemIds: readonly number[],
): readonly TicketItem[] | AdminBasketRefused => {
  const wanted = [...new Set(itemIds)];
  if (wanted.length === 0)
    return new AdminBasketRefused({
      field: 'BasketItemIds',
      message: 'BasketItemIds: choose at least one ticket.',
    });
  const unknown = wanted.filter((id) => !tickets.some((t) => t.id === id));
  if (unknown.length > 0)
    return new AdminBasketRefused({
      field: 'BasketItemIds',
      message: `BasketItemIds: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a ticket' : 'are not tickets'} in the basket.`,
    });
  return tickets.filter((t) => wanted.includes(t.id));
};

export const validPrice = (price: number): boolean => Number.isSafeInteger(price) && price >= 0;

/** The tickets with their new price, or why not. */
export const overridePrices = (input: {
  readonly tickets: readonly TicketItem[];
  readonly overrides: ReadonlyMap<number, PriceOverride>;
  readonly itemIds: readonly number[];
  readonly price: number;
}): readonly OverriddenTicket[] | AdminBasketRefused => {
  if (!validPrice(input.price))
    return new AdminBasketRefused({
      field: 'Price',
      message: 'Price: must be a whole number of minor units, 0 or more.',
    });
  const chosen = chosenTickets(input.tickets, input.itemIds);
  if (chosen instanceof AdminBasketRefused) return chosen;
  return chosen.map((t) => {
    const earlier = input.overrides.get(t.id);
    return {
      ticket: {
        ...t,
        price: input.price,
        packagePrice: t.packagePrice === null ? null : input.price,
      },
      originalPrice: overrideInForce(t, earlier) ? earlier!.originalPrice : ticketUnitPrice(t),
      overridePrice: input.price,
    };
  });
};
