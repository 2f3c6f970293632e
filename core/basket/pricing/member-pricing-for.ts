import { Effect } from 'effect';
import { forMember, hasMemberPriceTypes } from '../../memberships/member-pricing.ts';
import type { EventPricingData } from '../../pricing/price-map.ts';
import type { Caller } from '../basket-answer.ts';

/**
 * The event's pricing as this caller may buy it: on a consumer channel, member price types are
 * unlocked by the signed-in customer's tags (core/memberships/member-pricing.ts); the customer is
 * read only when the event has such a type. Staff channels see every type already.
 */
export const pricingForCaller = (pricing: EventPricingData, isAdminChannel: boolean, caller: Caller) =>
  Effect.gen(function* () {
    const member =
      !isAdminChannel && caller.customer && hasMemberPriceTypes(pricing.priceTypes)
        ? yield* caller.customer
        : null;
    return forMember(pricing, member?.customerTagTypeIds ?? []);
  });
