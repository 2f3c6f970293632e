import type { Basket, DeliveryMethod, TicketItem } from './basket.ts';
import type { SaleContext } from './sale-context.ts';

// A buyer whose basket is complimentary tickets only (house seats without payment,
// core/group-sales/complimentary-seats.ts) is offered only the free delivery methods: a priced
// one would leave a total to pay, and the basket must complete without a card. Staff at the
// counter may still charge for postage.

const isCompTicket = (ticket: TicketItem, contexts: ReadonlyMap<number, SaleContext>): boolean =>
  ticket.price === 0 &&
  ticket.feeTotal === 0 &&
  contexts
    .get(ticket.eventId)
    ?.pricing.priceTypes.some((type) => type.id === ticket.priceTypeId && type.isComp) === true;

/** Tickets, every one a comp at 0, and nothing else that costs money. */
export const isComplimentaryBasket = (
  basket: Pick<Basket, 'tickets' | 'products' | 'giftCertificates' | 'memberships'>,
  contexts: ReadonlyMap<number, SaleContext>,
): boolean =>
  basket.tickets.length > 0 &&
  basket.tickets.every((t) => isCompTicket(t, contexts)) &&
  basket.products.length === 0 &&
  (basket.giftCertificates ?? []).length === 0 &&
  (basket.memberships ?? []).length === 0;

/**
 * Whether the basket holds anything a delivery method delivers: tickets or add-ons. Gift
 * certificates and memberships are e-mailed (their codes and cards): a basket of only those
 * needs no delivery method, asks for none of its fields and pays for none (totals.ts); its
 * order has none (core/orders/checkout/place-order.ts, order-draft.ts).
 */
export const hasSomethingToDeliver = (basket: Pick<Basket, 'tickets' | 'products'>): boolean =>
  basket.tickets.length > 0 || basket.products.length > 0;

/** The delivery methods this buyer may choose for this basket, in their order. */
export const offeredDeliveryMethods = (
  methods: readonly DeliveryMethod[],
  buyer: { readonly staff: boolean; readonly complimentary: boolean },
): DeliveryMethod[] =>
  methods.filter((m) => buyer.staff || (m.consumerVisible && (!buyer.complimentary || m.price === 0)));
