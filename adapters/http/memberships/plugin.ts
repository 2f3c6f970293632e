import type { Plugin } from '@hapi/hapi';
import {
  addMembership,
  memberRenewal,
  membershipOffer,
} from '../../../core/memberships/membership-actions.ts';
import {
  customerMemberships,
  membershipCard,
  type MembershipCardView,
} from '../../../core/memberships/membership-card.ts';
import { Basket } from '../contract/basket.ts';
import {
  AddMembershipBody,
  CustomerMemberships,
  MembershipCard,
  MembershipCardParams,
  MembershipCodeParams,
  MembershipOffer,
  MembershipOfferQuery,
} from '../contract/memberships.ts';
import { identityOf, mayDo, requireCustomer } from '../accounts/session.ts';
import { withBasketCookie } from '../basket/basket-cookie.ts';
import { callerOf } from '../basket/caller.ts';
import { basketView } from '../basket/basket-view.ts';
import { defineRoute } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import { runMembership } from './run.ts';

// Memberships on sale (core/memberships/README.md): the membership page's offer, a membership into
// the basket (the basket's own cookie, as /api/baskets/additems), and the member's card. Issuing
// after the order is core/orders/order-placed.ts's, run by every sale path and the order e-mail job.

export interface MembershipsPluginOptions {
  readonly runtime: AppRuntime;
  /** BASKET_HOLD_MINUTES: how long a new basket lasts. */
  readonly holdMinutes: number;
}

const tags = ['memberships'];

const cardAnswer = ({ membership: m, status }: MembershipCardView): MembershipCard => ({
  MembershipID: m.id,
  CustomerID: m.customerId,
  MemberName: `${m.memberFirstName} ${m.memberLastName}`.trim(),
  MembershipName: m.membershipName,
  PriceLevelName: m.priceLevelName,
  StartsOn: m.startsOn,
  EndsOn: m.endsOn,
  Status: status,
  Barcode: m.barcode,
  RenewUrl: `/memberships/${encodeURIComponent(m.membershipTypeCode)}`,
});

export const membershipsPlugin: Plugin<MembershipsPluginOptions> = {
  name: 'foyer-memberships',
  register: (server, { runtime, holdMinutes }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/memberships/{etCode}',
        summary:
          "A membership type on sale (the code in any case) and its price levels, in minor units; plid marks one Selected. 404 'Membership not found.' for an unknown or archived code",
        tags,
        params: MembershipCodeParams,
        query: MembershipOfferQuery,
        response: MembershipOffer,
        handler: async ({ params, query, request }) => {
          const type = await runMembership(runtime, membershipOffer(params.etCode));
          const identity = await identityOf(request);
          const renewal = await runMembership(
            runtime,
            memberRenewal(identity?.kind === 'customer' ? identity.customerId : null, type),
          );
          return {
            MembershipTypeID: type.id,
            Code: type.code,
            Name: type.name,
            Description: type.description,
            DurationMonths: type.durationMonths,
            TimeZone: type.timeZone,
            CurrencyCode: type.currency,
            ImageUrl: type.imageUrl,
            IsOnSale: type.isOnSale,
            PriceMaps: type.priceLevels.map((l) => ({
              PriceLevelID: l.id,
              DisplayName: l.displayName,
              Description: l.description,
              Price: l.price,
              DiscountedDisplayPrice: l.discountedDisplayPrice,
              Selected: query.plid === l.id,
            })),
            MemberUntil: renewal?.until ?? null,
            RenewsFrom: renewal?.from ?? null,
          } satisfies MembershipOffer;
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/baskets/memberships',
        summary:
          "A membership into the caller's basket (a new one if none is live), for oneself or as a gift (recipient's names and e-mail; sent now, or on a day from today to a year ahead in the venue's time zone), paid through the normal checkout and issued once the order is placed. 400 { Message, Errors: [{ Field, Message }] } names the fields to fix, nothing changed; 404 no such membership",
        tags,
        payload: AddMembershipBody,
        response: Basket,
        handler: async ({ payload, request, h }) => {
          const added = await runMembership(
            runtime,
            addMembership({
              caller: await callerOf(runtime, request),
              holdSeconds: holdMinutes * 60,
              salesChannel: payload.salesChannel,
              code: payload.etCode,
              priceLevelId: payload.priceLevelID,
              gift: {
                isGift: payload.isGift,
                firstName: payload.giftFirstName ?? null,
                lastName: payload.giftLastName ?? null,
                email: payload.giftEmail ?? null,
                message: payload.giftMessage ?? null,
                deliveryLocalDate: payload.giftDeliveryLocalDate ?? null,
                isSendNow: payload.isSendGiftNow ?? false,
              },
            }),
          );
          return withBasketCookie(
            request,
            h.response(basketView(added.basket)).header('cache-control', 'no-store'),
            added.basketId,
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/memberships/{membershipId}/customer/{customerId}',
        summary:
          "A member's card: to the member themself (their session) once delivered, or to staff; 404 'Membership not found.' to anyone else",
        tags,
        params: MembershipCardParams,
        response: MembershipCard,
        handler: async ({ params, request }) => {
          const identity = await identityOf(request);
          const card = await runMembership(
            runtime,
            membershipCard(params.membershipId, params.customerId, {
              customerId: identity?.kind === 'customer' ? identity.customerId : null,
              staff: await mayDo(request, 'sell'),
            }),
          );
          return cardAnswer(card);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/customers/memberships',
        summary:
          "The signed-in customer's memberships (delivered ones), each as its card; 401 without a customer session",
        tags,
        response: CustomerMemberships,
        handler: async ({ request }) => {
          const { identity } = await requireCustomer(request);
          const cards = await runMembership(runtime, customerMemberships(identity.customerId));
          return { Memberships: cards.map(cardAnswer) };
        },
      }),
    ]);
  },
};
