import { feeAmount, type Fee } from '../pricing/fees.ts';

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
  const ProductTotal = input.products.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0);
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
