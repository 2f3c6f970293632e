import type { EventPricingData, PriceType } from '../pricing/price-map.ts';

// Member pricing: a price type restricted to customer tag types (price_types.customer_tag_type_ids)
// is for signed-in customers holding one of them. Consumers never see a type whose restriction
// remains (core/pricing/price-map.ts isVisibleTo); `forMember` lifts it on the types the
// customer's tags unlock, so every consumer path that does not call it hides member prices.

/** Whether tags `held` unlock a restriction (an empty restriction: open to everyone). */
export const unlocks = (restriction: readonly number[], held: readonly number[]): boolean =>
  restriction.length === 0 || restriction.some((id) => held.includes(id));

/** Whether any price type of the event is restricted (worth reading the customer's tags). */
export const hasMemberPriceTypes = (types: readonly Pick<PriceType, 'customerTagTypeIds'>[]): boolean =>
  types.some((t) => (t.customerTagTypeIds ?? []).length > 0);

/** The event's pricing as a customer holding tags `held` may buy it. */
export const forMember = (data: EventPricingData, held: readonly number[]): EventPricingData =>
  held.length === 0 || !hasMemberPriceTypes(data.priceTypes)
    ? data
    : {
        ...data,
        priceTypes: data.priceTypes.map((t) =>
          (t.customerTagTypeIds ?? []).length > 0 && unlocks(t.customerTagTypeIds ?? [], held)
            ? { ...t, customerTagTypeIds: [] }
            : t,
        ),
      };
