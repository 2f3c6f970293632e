import type { Plugin } from '@hapi/hapi';
import { applyStaffPromoCode } from '../../../core/basket/staff/promo-code.ts';
import {
  activePromotionsOfEvent,
  activePromotionsOfSeries,
  houseSeatPromotions,
  promotionsListOfSeries,
} from '../../../core/pricing/admin-promotions.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { basketView } from '../basket/basket-view.ts';
import {
  AdminPromotionList,
  ApplyPromoCodeBody,
  EventPromotionsQuery,
  PromotionListQuery,
  TemplateIdParams,
} from '../contract/staff-promotions.ts';
import { Basket } from '../contract/basket.ts';
import { defineRoute, runUseCase } from '../route.ts';

// Promotions for the box office: what runs for a series or an event, what may price house seats,
// a series' whole list, and a clerk adding a code to the basket directly (staff only).

const tags = ['admin', 'promotions'];

export const adminPromotionsPlugin: Plugin<{ runtime: AppRuntime }> = {
  name: 'foyer-admin-promotions',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/promotions/active/{id}',
        summary: 'Promotions running now for an event template (series), archived ones left out',
        tags,
        permission: 'sell',
        params: TemplateIdParams,
        response: AdminPromotionList,
        handler: ({ params }) => runUseCase(runtime, activePromotionsOfSeries(params.id)),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/promotions/houseSeatsPromos',
        summary:
          'Promotions that may price house seats at the counter: running, with a code, no presale window, no one-time group code',
        tags,
        permission: 'sell',
        response: AdminPromotionList,
        handler: () => runUseCase(runtime, houseSeatPromotions()),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/promotions/eventpromotions',
        summary: "Promotions running now for an event's series (404 unknown event)",
        tags,
        permission: 'sell',
        query: EventPromotionsQuery,
        response: AdminPromotionList,
        handler: ({ query }) => runUseCase(runtime, activePromotionsOfEvent(query.eventID)),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/promotions/eventtemplate/{id}/list',
        summary: 'Every promotion of an event template, running or not; archived ones with showArchive=true',
        tags,
        permission: 'sell',
        params: TemplateIdParams,
        query: PromotionListQuery,
        response: AdminPromotionList,
        handler: ({ params, query }) =>
          runUseCase(runtime, promotionsListOfSeries(params.id, query.showArchive === 'true')),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/promotions/applycode',
        summary:
          "A clerk applies an existing promotion to the basket's tickets by its code, even one the storefront does not offer (hidden, restricted to customer tags); series, dates and group codes still hold. 400 unknown or refused code",
        tags,
        permission: 'sell',
        payload: ApplyPromoCodeBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              applyStaffPromoCode({
                basketId: basketIdOf(request),
                promoCode: payload.PromoCode,
                groupCode: payload.GroupCode ?? null,
                ...(payload.BasketItemIds ? { basketItemIds: payload.BasketItemIds } : {}),
              }),
            ),
          ),
      }),
    ]);
  },
};
