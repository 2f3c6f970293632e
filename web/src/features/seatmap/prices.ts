import type { PriceMap, Pricing } from '../../../../adapters/http/contract/inventory.ts';
import type { PricedTicket } from './subtotal.ts';

// Reading the pricing call for the map: which price types a level offers, what a chosen seat
// costs (a package seat costs its package price) and how a price is shown (the discounted price
// when a promotion applies; HideFullRetailPriceOnWeb hides the full one).

type PricingLike = Pick<Pricing, 'PriceMaps' | 'PriceTypes'>;

/** The level's price maps in the order of the price types (the default first as the server lists). */
export const priceMapsOfLevel = (pricing: PricingLike, levelId: number): PriceMap[] => {
  const order = new Map(pricing.PriceTypes.map((t, i) => [t.ID, i]));
  return pricing.PriceMaps.filter((m) => m.PriceLevelID === levelId).sort(
    (a, b) => (order.get(a.PriceTypeID) ?? 99) - (order.get(b.PriceTypeID) ?? 99),
  );
};

export const priceMapOf = (pricing: PricingLike, levelId: number, typeId: number): PriceMap | undefined =>
  pricing.PriceMaps.find((m) => m.PriceLevelID === levelId && m.PriceTypeID === typeId);

/** The lowest price of a level (what "from" shows), or undefined when it has no price here. */
export const fromPriceOfLevel = (pricing: PricingLike, levelId: number): PriceMap | undefined =>
  priceMapsOfLevel(pricing, levelId).reduce<PriceMap | undefined>(
    (low, m) => (low === undefined || m.Price < low.Price ? m : low),
    undefined,
  );

/** The price type a new seat starts with: the default one the level offers, else its first. */
export const defaultPriceTypeId = (pricing: Pick<Pricing, 'PriceTypes'>): number =>
  (pricing.PriceTypes.find((t) => t.IsDefault) ?? pricing.PriceTypes[0])?.ID ?? 0;

export interface ShownPrice {
  /** What the buyer pays for the ticket. */
  readonly now: string;
  /** The full price struck through beside it, when a promotion lowered it and may be shown. */
  readonly was?: string;
}

/** How a price map's price is written: discounted with the full price struck through, unless hidden. */
export const shownPrice = (m: PriceMap): ShownPrice => {
  const discounted =
    m.DiscountedPrice !== null && m.DiscountedDisplayPrice !== null && m.DiscountedPrice < m.FullPrice;
  if (!discounted) return { now: m.DisplayPrice };
  return m.FullPriceHidden
    ? { now: m.DiscountedDisplayPrice! }
    : { now: m.DiscountedDisplayPrice!, was: m.DisplayPrice };
};

/** What one chosen seat costs: its price map, or its package's price when bought in a package. */
export const ticketOf = (
  pricing: PricingLike,
  seat: { priceLevelId: number; priceTypeId: number; packageId: number | null },
): PricedTicket | undefined => {
  const m = priceMapOf(pricing, seat.priceLevelId, seat.priceTypeId);
  if (!m) return undefined;
  if (seat.packageId !== null) {
    const p = m.PackagePriceMaps.find((pp) => pp.PackageID === seat.packageId);
    if (p) return { price: p.SeatsDiscountedPrice ?? p.PackageSeatsPrice, fees: p.PackageFeeNameValues };
  }
  return { price: m.Price, fees: m.FeeNameValues };
};
