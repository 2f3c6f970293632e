import type { AccountAnswer } from '../../../../adapters/http/contract/account.ts';
import { useAccount } from '../accounts/use-account.ts';

// Member prices (core/memberships/member-pricing.ts): a signed-in customer holding a membership
// tag sends their customer id as userId with every consumer pricing call; the server honours it
// only when it is the signed-in customer's own, and then offers the member price types.

/** The userId to price with: the customer id of the account's Membership tag, else none. */
export const memberUserIdOf = (account: AccountAnswer | undefined): number | undefined => {
  if (account?.Kind !== 'customer' || !account.Customer) return undefined;
  return account.Customer.customerTags.find((tag) => tag.customerTagType.Kind === 'Membership')?.customerId;
};

/** The signed-in member's userId for pricing calls (undefined for anyone else, or while unknown). */
export const useMemberUserId = (): number | undefined => memberUserIdOf(useAccount().account);
