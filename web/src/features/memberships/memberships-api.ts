import { Basket } from '../../../../adapters/http/contract/basket.ts';
import {
  CustomerMemberships,
  MembershipCard,
  MembershipOffer,
  type AddMembershipBody,
} from '../../../../adapters/http/contract/memberships.ts';
import { call, getJson, sendJson } from '../../api/api-client.ts';

// The membership calls (adapters/http/memberships/): the selection page's offer, a membership into
// the basket, a member's card and the signed-in customer's memberships. Cards are one person's:
// always read afresh.

export const fetchMembershipOffer = (
  etCode: string,
  query: { readonly eventSlug?: string; readonly plid?: number },
  signal?: AbortSignal,
) => {
  const search = new URLSearchParams();
  if (query.eventSlug) search.set('eventSlug', query.eventSlug);
  if (query.plid) search.set('plid', String(query.plid));
  const text = search.toString();
  return getJson(
    `/api/memberships/${encodeURIComponent(etCode)}${text ? `?${text}` : ''}`,
    MembershipOffer,
    signal,
  );
};

export const addMembership = (body: AddMembershipBody) =>
  sendJson('POST', '/api/baskets/memberships', body, Basket);

export const fetchMembershipCard = async (membershipId: number, customerId: number, signal?: AbortSignal) =>
  MembershipCard.parse(
    (await call('GET', `/api/memberships/${membershipId}/customer/${customerId}`, { noStore: true, signal }))
      .body,
  );

export const fetchCustomerMemberships = async (signal?: AbortSignal) =>
  CustomerMemberships.parse((await call('GET', '/api/customers/memberships', { noStore: true, signal })).body)
    .Memberships;

/** The card page of a membership (web/src/routes/tickets.tsx). */
export const cardPath = (card: { readonly MembershipID: number; readonly CustomerID: number }) =>
  `/tickets/membership/${card.MembershipID}/customer/${card.CustomerID}`;
