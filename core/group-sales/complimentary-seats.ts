import type { TicketItem } from '../basket/basket.ts';
import type { PriceType } from '../pricing/price-map.ts';

// House seats the guest does not pay for (a request's PaymentRequired false): each seat is priced
// at 0 with the performance's complimentary price type (price_types.is_comp), without fees, so
// the basket totals nothing and checkout needs no card (core/orders/checkout/place-order.ts readyToPay).

/** The performance's complimentary price type: the first comp type by display order, or null. */
export const compPriceType = (types: readonly PriceType[]): PriceType | null =>
  [...types].filter((type) => type.isComp).sort((a, b) => a.displayOrder - b.displayOrder)[0] ?? null;

/** The ticket as a comp: the same seat, the comp price type, price 0, no fee, no promotion. */
export const complimentary = (ticket: TicketItem, comp: Pick<PriceType, 'id' | 'name'>): TicketItem => ({
  ...ticket,
  priceTypeId: comp.id,
  priceTypeName: comp.name,
  faceValue: 0,
  price: 0,
  fees: [],
  feeTotal: 0,
  promotionId: null,
  promoCode: null,
  groupCode: null,
  packageId: null,
  packagePrice: null,
  packageFeeTotal: null,
});

/**
 * Every ticket as a comp of its performance, or the first performance that has no complimentary
 * price type (nothing is changed then).
 */
export const complimentaryTickets = (
  tickets: readonly TicketItem[],
  priceTypesOf: (eventId: number) => readonly PriceType[] | undefined,
):
  | { readonly ok: true; readonly tickets: readonly TicketItem[] }
  | { readonly ok: false; readonly eventId: number } => {
  const changed: TicketItem[] = [];
  for (const ticket of tickets) {
    const comp = compPriceType(priceTypesOf(ticket.eventId) ?? []);
    if (!comp) return { ok: false, eventId: ticket.eventId };
    changed.push(complimentary(ticket, comp));
  }
  return { ok: true, tickets: changed };
};
