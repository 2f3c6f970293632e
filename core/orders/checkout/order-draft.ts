import { DEFAULT_HOUSE_CURRENCY, type HouseCurrency } from '../../accounts/house-currency.ts';
import type { Basket, DeliveryMethod } from '../../basket/basket.ts';
import type { SaleContext } from '../../basket/sale-context.ts';
import { hasSomethingToDeliver } from '../../basket/complimentary-delivery.ts';
import { basketCurrency } from '../../basket/rules/one-currency.ts';
import { totalsOfBasket } from '../../basket/totals.ts';
import type { OrderDraft } from '../order.ts';

// What the basket costs as an order: the same totals the basket page shows (core/basket/totals.ts),
// in the basket's currency (core/basket/rules/one-currency.ts basketCurrency). The amount charged is
// this Total; the completing transaction computes it again from the locked basket and refuses to
// sell when the two differ.

/** The delivery method the order uses: the basket's, else the first one the buyer is offered. */
export const chosenDeliveryMethod = (
  basket: Pick<Basket, 'deliveryMethodId'>,
  methods: readonly DeliveryMethod[],
  staff: boolean,
): DeliveryMethod | null => {
  const offered = methods.filter((m) => staff || m.consumerVisible);
  return offered.find((m) => m.id === basket.deliveryMethodId) ?? offered[0] ?? null;
};

export const orderDraft = (
  basket: Basket,
  contexts: ReadonlyMap<number, SaleContext>,
  method: DeliveryMethod | null,
  /** What a basket without events is charged in (core/accounts/house-currency.ts). */
  house: HouseCurrency = DEFAULT_HOUSE_CURRENCY,
): OrderDraft => {
  const currency = basketCurrency(basket, contexts, house);
  // Nothing to deliver (certificates and memberships only): no delivery on the order (and totals.ts
  // charges none).
  const delivered = hasSomethingToDeliver(basket) ? method : null;
  return {
    totals: totalsOfBasket(basket, contexts, method),
    currency: currency.isoCurrencyCode,
    currencyLocale: currency.currencyLocale,
    deliveryMethod: delivered && {
      id: delivered.id,
      displayName: delivered.displayName,
      type: delivered.type,
    },
  };
};

/** A promotion limited to some cards needs a card whose first 6 digits match. */
export const binAllowed = (bin: string | null | undefined, restrictions: readonly string[]): boolean =>
  restrictions.length === 0 || (bin !== null && bin !== undefined && restrictions.includes(bin.slice(0, 6)));

/** The promotions of the basket's tickets that limit the card, with the BIN check for each. */
export const restrictedPromotions = (
  basket: Pick<Basket, 'tickets'>,
  bins: ReadonlyMap<number, readonly string[]>,
): number[] =>
  [...new Set(basket.tickets.flatMap((t) => (t.promotionId === null ? [] : [t.promotionId])))].filter(
    (id) => (bins.get(id) ?? []).length > 0,
  );
