import { Effect } from 'effect';
import type { Promotion, PromotionCustomer } from './promotion-rules.ts';

// Who is buying, as a promotion restricted to customer tags needs to know.
// The driving adapter knows the buyer from the session; reading a signed-in customer's tags costs
// a read, so it is handed in as an Effect and run only when a code is so restricted.

/** The buyer's customer tags, or null for an anonymous buyer (staff included: they are nobody's customer). */
export type CustomerLookup = Effect.Effect<PromotionCustomer | null>;

export const anonymousBuyer: CustomerLookup = Effect.succeed(null);

/** The buyer a promotion is checked against: looked up only when the promotion is restricted. */
export const customerFor = (
  promotion: Pick<Promotion, 'restrictToCustomerTag'> | null,
  lookup: CustomerLookup = anonymousBuyer,
): CustomerLookup => (promotion?.restrictToCustomerTag ? lookup : anonymousBuyer);
