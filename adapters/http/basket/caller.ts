import type { Request } from '@hapi/hapi';
import { Effect } from 'effect';
import { CustomerAccounts } from '../../../core/accounts/ports.ts';
import type { Caller } from '../../../core/basket/basket-answer.ts';
import type { CustomerLookup } from '../../../core/pricing/promotion-customer.ts';
import type { PromotionCustomer } from '../../../core/pricing/promotion-rules.ts';
import type { AppRuntime } from '../../wiring.ts';
import { identityOf, mayDo } from '../accounts/session.ts';
import { basketIdOf } from './basket-cookie.ts';

// Who a basket, pricing or promotion call speaks for, as the session says: never a
// flag, a customer id or a tag in the request.

const customers = new WeakMap<Request, Promise<PromotionCustomer | null>>();

/**
 * The signed-in customer's tags, for promotions restricted to customer tags; null for anyone else
 * (anonymous buyers and staff). Read at most once per request.
 */
export const promotionCustomerOf = (
  runtime: AppRuntime,
  request: Request,
): Promise<PromotionCustomer | null> => {
  let found = customers.get(request);
  if (!found) {
    found = (async () => {
      const identity = await identityOf(request);
      if (identity?.kind !== 'customer') return null;
      const profile = await runtime.runPromise(CustomerAccounts.use((a) => a.profile(identity.customerId)));
      return profile ? { customerTagTypeIds: [...new Set(profile.tags.map((t) => t.typeId))] } : null;
    })();
    customers.set(request, found);
  }
  return found;
};

/** The same, for a use case: run only when a code restricted to customer tags needs it. */
export const customerLookupOf = (runtime: AppRuntime, request: Request): CustomerLookup =>
  Effect.promise(() => promotionCustomerOf(runtime, request));

/** Staff only when the session is a staff member's whose role may sell (core/accounts/staff/permissions.ts). */
export const callerOf = async (runtime: AppRuntime, request: Request): Promise<Caller> => ({
  basketId: basketIdOf(request),
  staff: await mayDo(request, 'sell'),
  manageHolds: await mayDo(request, 'manageHolds'),
  customer: customerLookupOf(runtime, request),
});
