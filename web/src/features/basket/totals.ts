import type { Basket, TicketItem } from '../../../../adapters/http/contract/basket.ts';

// What the basket's totals panel and its fee popup (the ticket-and-fees subtotal) show. The
// server's totals are the truth; this only splits them into lines, and
// every split adds back up to the server's figure.

export interface FeeLine {
  readonly name: string;
  readonly amount: number;
}

export type TotalsRow =
  | { readonly kind: 'tickets'; readonly count: number; readonly amount: number }
  | { readonly kind: 'fees'; readonly amount: number }
  | { readonly kind: 'feesAtCheckout' }
  | { readonly kind: 'products'; readonly count: number; readonly amount: number }
  | { readonly kind: 'memberships'; readonly count: number; readonly amount: number }
  | { readonly kind: 'giftCertificates'; readonly count: number; readonly amount: number }
  | { readonly kind: 'delivery'; readonly amount: number }
  | { readonly kind: 'orderFee'; readonly name: string; readonly amount: number };

export interface TotalsView {
  readonly rows: readonly TotalsRow[];
  /** What the buyer pays now (fees left out when they are only shown at checkout). */
  readonly total: number;
  readonly ticketCount: number;
  /** How many of each kind the basket holds (the footer's words). */
  readonly counts: BasketCounts;
}

export interface BasketCounts {
  readonly tickets: number;
  readonly memberships: number;
  readonly giftCertificates: number;
  readonly products: number;
}

/** A ticket line's named fees for its whole quantity; a package seat's fees are the package's (unnamed). */
const namedFeesOf = (item: TicketItem): FeeLine[] =>
  item.PackageFees !== null && item.packageId !== null
    ? []
    : item.ChildFeeItems.map((f) => ({ name: f.Name, amount: f.Value * item.Quantity }));

/**
 * The ticket fees by name, in the order first met. Whatever the named fees do not explain
 * (package fees, rounding on the server) is one unnamed line, so the lines always add up to
 * TicketFeeTotal.
 */
export const ticketFeeLines = (basket: Pick<Basket, 'TicketItems' | 'TicketFeeTotal'>): FeeLine[] => {
  const byName = new Map<string, number>();
  for (const item of basket.TicketItems)
    for (const fee of namedFeesOf(item)) byName.set(fee.name, (byName.get(fee.name) ?? 0) + fee.amount);
  const lines = [...byName].map(([name, amount]) => ({ name, amount })).filter((l) => l.amount !== 0);
  const named = lines.reduce((s, l) => s + l.amount, 0);
  const rest = basket.TicketFeeTotal - named;
  return rest === 0 ? lines : [...lines, { name: '', amount: rest }];
};

export const ticketCountOf = (basket: Pick<Basket, 'TicketItems'>): number =>
  basket.TicketItems.reduce((n, t) => n + t.Quantity, 0);

export const basketCountsOf = (
  basket: Pick<Basket, 'TicketItems' | 'MembershipItems' | 'GiftCertificateItems' | 'ProductItems'> &
    Partial<Pick<Basket, 'EventTemplateProductItems'>>,
): BasketCounts => ({
  tickets: ticketCountOf(basket),
  memberships: basket.MembershipItems.length,
  giftCertificates: basket.GiftCertificateItems.length,
  products: [...basket.ProductItems, ...(basket.EventTemplateProductItems ?? [])].reduce(
    (n, p) => n + p.Quantity,
    0,
  ),
});

/**
 * Whether a delivery method has anything to deliver: tickets or add-ons. Gift certificates and
 * memberships are e-mailed, so a basket of only those asks for none (the server charges and
 * records none either: core/basket/complimentary-delivery.ts).
 */
export const needsDelivery = (counts: BasketCounts): boolean => counts.tickets + counts.products > 0;

/** The totals panel: tickets, fees (or "added at checkout"), add-ons, delivery, order fees, total. */
export const totalsView = (
  basket: Pick<
    Basket,
    | 'TicketItems'
    | 'MembershipItems'
    | 'GiftCertificateItems'
    | 'MembershipTotal'
    | 'GiftCertificateTotal'
    | 'ProductItems'
    | 'TicketTotal'
    | 'TicketFeeTotal'
    | 'ProductTotal'
    | 'DeliveryTotal'
    | 'OrderLevelFees'
    | 'OrderLevelFeeTotal'
    | 'Total'
  >,
  hideFeesUntilCheckout: boolean,
): TotalsView => {
  const counts = basketCountsOf(basket);
  const ticketCount = counts.tickets;
  const extras = counts.memberships + counts.giftCertificates + counts.products;
  const rows: TotalsRow[] = [];
  // A basket of only memberships or gift certificates has no "0 tickets" line (nor fees).
  if (ticketCount > 0 || extras === 0) {
    rows.push({ kind: 'tickets', count: ticketCount, amount: basket.TicketTotal });
    if (hideFeesUntilCheckout) rows.push({ kind: 'feesAtCheckout' });
    else if (basket.TicketFeeTotal !== 0) rows.push({ kind: 'fees', amount: basket.TicketFeeTotal });
  }
  if (counts.memberships > 0)
    rows.push({
      kind: 'memberships',
      count: counts.memberships,
      amount: basket.MembershipTotal ?? basket.MembershipItems.reduce((s, m) => s + m.Price, 0),
    });
  if (counts.giftCertificates > 0)
    rows.push({
      kind: 'giftCertificates',
      count: counts.giftCertificates,
      amount: basket.GiftCertificateTotal ?? basket.GiftCertificateItems.reduce((s, g) => s + g.LineTotal, 0),
    });
  if (basket.ProductTotal !== 0 || counts.products > 0)
    rows.push({ kind: 'products', count: counts.products, amount: basket.ProductTotal });
  if (basket.DeliveryTotal !== 0) rows.push({ kind: 'delivery', amount: basket.DeliveryTotal });
  if (!hideFeesUntilCheckout) {
    for (const fee of basket.OrderLevelFees)
      rows.push({ kind: 'orderFee', name: fee.Name, amount: fee.Value });
    const named = basket.OrderLevelFees.reduce((s, f) => s + f.Value, 0);
    if (named !== basket.OrderLevelFeeTotal)
      rows.push({ kind: 'orderFee', name: '', amount: basket.OrderLevelFeeTotal - named });
  }
  const total = hideFeesUntilCheckout
    ? basket.Total - basket.TicketFeeTotal - basket.OrderLevelFeeTotal
    : basket.Total;
  return { rows, total, ticketCount, counts };
};

/** The sum of the rows that carry an amount: equals `total` for any basket whose totals add up. */
export const sumOfRows = (rows: readonly TotalsRow[]): number =>
  rows.reduce((sum, row) => sum + ('amount' in row ? row.amount : 0), 0);
