import { feeAmount, type Fee } from '../pricing/fees.ts';
import type { Basket, DeliveryMethod, TicketItem } from './basket.ts';
import type { SaleContext } from './sale-context.ts';

// Total, TicketAndFeeTotal, ProductTotal, DeliveryTotal, OrderLevelFeeTotal
// (with OrderLevelFees by ID). Each total is the sum of its parts and Total the sum of the four,
// plus GiftCertificateTotal when the basket sells gift certificates.

export interface PricedTicketLine {
  readonly eventId: number;
  readonly quantity: number;
  readonly price: number;
  readonly feeTotal: number;
  readonly packagePrice: number | null;
  readonly packageFeeTotal: number | null;
}

export interface PricedProductLine {
  readonly quantity: number;
  readonly unitPrice: number;
}

export interface OrderLevelFee {
  readonly ID: number;
  readonly Name: string;
  readonly Value: number;
}

export interface BasketTotals {
  readonly Total: number;
  readonly TicketAndFeeTotal: number;
  readonly TicketTotal: number;
  readonly TicketFeeTotal: number;
  readonly ProductTotal: number;
  readonly DeliveryTotal: number;
  readonly OrderLevelFeeTotal: number;
  readonly OrderLevelFees: readonly OrderLevelFee[];
  /** Gift certificates sold with the basket (their amounts); only when the basket has any. */
  readonly GiftCertificateTotal?: number;
  /** The memberships' prices; only when the basket sells any. */
  readonly MembershipTotal?: number;
}

/** One ticket's price before fees: the package seat price for a package seat. */
export const ticketUnitPrice = (t: PricedTicketLine): number => t.packagePrice ?? t.price;

/** One ticket's fees: the package fee for a package seat. */
export const ticketUnitFees = (t: PricedTicketLine): number => t.packageFeeTotal ?? t.feeTotal;

export const ticketLineTotal = (t: PricedTicketLine): number =>
  (ticketUnitPrice(t) + ticketUnitFees(t)) * t.quantity;

/** A product line: its unit price times its quantity (products carry no fee). */
export const productLineTotal = (p: PricedProductLine): number => p.unitPrice * p.quantity;

/**
 * Order-level fees (handling): once per event the basket has tickets for, a fixed amount plus a
 * rate of that event's ticket subtotal.
 */
export const orderLevelFeesFor = (
  tickets: readonly PricedTicketLine[],
  feesByEvent: ReadonlyMap<number, readonly Fee[]>,
): OrderLevelFee[] => {
  const subtotals = new Map<number, number>();
  for (const t of tickets)
    subtotals.set(t.eventId, (subtotals.get(t.eventId) ?? 0) + ticketUnitPrice(t) * t.quantity);
  return [...subtotals].flatMap(([eventId, subtotal]) =>
    (feesByEvent.get(eventId) ?? [])
      .filter((fee) => fee.scope === 'Order')
      .map((fee) => ({ ID: fee.id, Name: fee.name, Value: feeAmount(fee, subtotal) })),
  );
};

export const basketTotals = (input: {
  readonly tickets: readonly PricedTicketLine[];
  readonly products: readonly PricedProductLine[];
  readonly deliveryPrice: number;
  readonly orderLevelFees: readonly OrderLevelFee[];
  /** Gift certificates sold: no fee and nothing to deliver (they are e-mailed). */
  readonly giftCertificates?: readonly { readonly amount: number }[];
  /** Memberships sold: no fee and nothing to deliver (the card is e-mailed). */
  readonly memberships?: readonly { readonly price: number }[];
}): BasketTotals => {
  const TicketTotal = input.tickets.reduce((sum, t) => sum + ticketUnitPrice(t) * t.quantity, 0);
  const TicketFeeTotal = input.tickets.reduce((sum, t) => sum + ticketUnitFees(t) * t.quantity, 0);
  const TicketAndFeeTotal = TicketTotal + TicketFeeTotal;
  const ProductTotal = input.products.reduce((sum, p) => sum + productLineTotal(p), 0);
  // Nothing to deliver without tickets or products.
  const DeliveryTotal =
    input.tickets.length + input.products.length > 0 ? Math.max(0, input.deliveryPrice) : 0;
  const OrderLevelFeeTotal = input.orderLevelFees.reduce((sum, f) => sum + f.Value, 0);
  const gifts = input.giftCertificates ?? [];
  const GiftCertificateTotal = gifts.reduce((sum, g) => sum + g.amount, 0);
  const memberships = input.memberships ?? [];
  const MembershipTotal = memberships.reduce((sum, m) => sum + m.price, 0);
  return {
    Total:
      TicketAndFeeTotal +
      ProductTotal +
      DeliveryTotal +
      OrderLevelFeeTotal +
      GiftCertificateTotal +
      MembershipTotal,
    TicketAndFeeTotal,
    TicketTotal,
    TicketFeeTotal,
    ProductTotal,
    DeliveryTotal,
    OrderLevelFeeTotal,
    OrderLevelFees: input.orderLevelFees,
    ...(gifts.length > 0 ? { GiftCertificateTotal } : {}),
    ...(memberships.length > 0 ? { MembershipTotal } : {}),
  };
};

/** The order-level fees of the basket's events, from each event's fee table. */
export const basketOrderFees = (
  basket: Pick<Basket, 'tickets'>,
  contexts: ReadonlyMap<number, SaleContext>,
): OrderLevelFee[] => {
  const feesByEvent = new Map<number, readonly Fee[]>();
  for (const [eventId, context] of contexts) feesByEvent.set(eventId, context.pricing.fees);
  // Complimentary tickets (a comp price type: house seats without payment) carry no order fee.
  const isComp = (t: TicketItem) =>
    contexts.get(t.eventId)?.pricing.priceTypes.some((type) => type.id === t.priceTypeId && type.isComp) ===
    true;
  return orderLevelFeesFor(
    basket.tickets.filter((t) => !isComp(t)),
    feesByEvent,
  );
};

/**
 * What a basket costs: its lines, the delivery method it is charged for, its events' order-level
 * fees. The basket page and the order (core/orders/checkout/order-draft.ts) read the same totals.
 */
export const totalsOfBasket = (
  basket: Pick<Basket, 'tickets' | 'products' | 'giftCertificates' | 'memberships'>,
  contexts: ReadonlyMap<number, SaleContext>,
  deliveryMethod: Pick<DeliveryMethod, 'price'> | null,
): BasketTotals =>
  basketTotals({
    tickets: basket.tickets,
    products: basket.products,
    deliveryPrice: deliveryMethod?.price ?? 0,
    orderLevelFees: basketOrderFees(basket, contexts),
    giftCertificates: basket.giftCertificates ?? [],
    memberships: basket.memberships ?? [],
  });
