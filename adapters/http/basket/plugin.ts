import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { addGeneralAdmission } from '../../../core/basket/add-general-admission.ts';
import { addSeats } from '../../../core/basket/add-seats.ts';
import {
  changeDeliveryMethod,
  continueWithoutTickets,
  updateNote,
} from '../../../core/basket/basket-details.ts';
import { changePriceType } from '../../../core/basket/pricing/change-price-type.ts';
import { changePromotion } from '../../../core/basket/pricing/change-promotion.ts';
import { expireBasket } from '../../../core/basket/expire-basket.ts';
import {
  basketPromotion,
  expirationTime,
  mapBasket,
  marketingOptIns,
  validateBasket,
  viewModel,
} from '../../../core/basket/read-basket.ts';
import { clearBasket, removeItems } from '../../../core/basket/remove-items.ts';
import { updateProducts } from '../../../core/basket/products/update-products.ts';
import { eventProducts } from '../../../core/basket/products/event-products.ts';
import type { AnsweredBasket } from '../../../core/basket/basket-answer.ts';
import { parseHoldSubclassIds } from '../../../core/inventory/event-inventory.ts';
import { defineRoute, runUseCase } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import {
  AddItemsBody,
  Basket,
  BasketItemIdsBody,
  BasketPromotion,
  BasketViewModel,
  ChangePriceTypeBody,
  ChangePromotionBody,
  ExpirationTime,
  EventProducts,
  Expired,
  GeneralAdmissionBody,
  IdParams,
  MapBasketViewModel,
  MarketingOptIns,
  MarketingOptInsQuery,
  UpdateNoteBody,
  UpdateProductsBody,
  ViewModelQuery,
} from '../contract/basket.ts';
import { BASKET_COOKIE, basketIdOf, registerBasketCookie, withBasketCookie } from './basket-cookie.ts';
import {
  basketPromotionView,
  basketView,
  basketViewModel,
  eventProductsView,
  expirationTimeView,
  mapBasketViewModel,
} from './basket-view.ts';
import { callerOf, customerLookupOf } from './caller.ts';
import { mayDo } from '../accounts/session.ts';

// The basket calls (/api/baskets/...). Paths match case-insensitively
// (the server's router), so removeItems and removeitems are one route. The use cases of
// core/basket/ answer domain values; basket-view.ts writes them in the contract's fields.

export interface BasketPluginOptions {
  readonly runtime: AppRuntime;
  /** BASKET_HOLD_MINUTES: how long a new basket holds its seats. */
  readonly holdMinutes: number;
  /** The cookie is Secure when the site is served over https. */
  readonly secureCookie: boolean;
}

/** Staff rules (staff price types, delivery methods, admin channels) only for a session that may sell. */
const staffOf = (request: Request) => mayDo(request, 'sell');

const basketTags = ['basket'];

export const basketPlugin: Plugin<BasketPluginOptions> = {
  name: 'foyer-basket',
  register: (server, { runtime, holdMinutes, secureCookie }) => {
    registerBasketCookie(server, secureCookie);
    const holdSeconds = holdMinutes * 60;

    /** A basket answer that may have made a new basket: point the cookie at it. */
    const answer = (
      request: Request,
      h: ResponseToolkit,
      result: { basket: AnsweredBasket; basketId: string; created: boolean },
    ) =>
      withBasketCookie(
        request,
        h.response(basketView(result.basket)).header('cache-control', 'no-store'),
        result.basketId,
      );

    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/baskets/additems',
        summary:
          "Hold seats in the caller's basket (a new one if none is live). All or nothing: 409 { Message, TakenSeats } when any was taken",
        tags: basketTags,
        payload: AddItemsBody,
        response: Basket,
        handler: async ({ payload, request, h }) =>
          answer(
            request,
            h,
            await runUseCase(
              runtime,
              addSeats({
                caller: await callerOf(runtime, request),
                holdSeconds,
                eventId: payload.eventId,
                salesChannel: payload.salesChannel,
                holdSubclassIds: parseHoldSubclassIds(payload.holdSubclassIds),
                promoCode: payload.promoCode,
                groupCode: payload.groupCode,
                seats: payload.basketItems.map((item) => ({
                  key: item.Key,
                  priceTypeId: item.PriceTypeID,
                  promoCode: item.PromoCode,
                  groupCode: item.groupCode,
                  packageId: item.packageId,
                  seatAlertAcknowledgement: item.SeatAlertAcknowledgement,
                })),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/baskets/generaladmission',
        summary:
          'Hold general-admission places per price key; 409 { Message, TakenSeats: [section keys] } when too few are left',
        tags: basketTags,
        payload: GeneralAdmissionBody,
        response: Basket,
        handler: async ({ payload, request, h }) =>
          answer(
            request,
            h,
            await runUseCase(
              runtime,
              addGeneralAdmission({
                caller: await callerOf(runtime, request),
                holdSeconds,
                eventId: payload.eventId,
                salesChannel: payload.salesChannel,
                ticketRequest: payload.ticketRequest,
                sectionKey: payload.sectionKey,
                promoCode: payload.promoCode,
                groupCode: payload.groupCode,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/removeItems',
        summary: 'Remove basket items (also removeitems); their seats go back on sale at once',
        tags: basketTags,
        payload: BasketItemIdsBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              removeItems({ basketId: basketIdOf(request), itemIds: payload.basketItemIds }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/simpleremoveitems',
        summary: 'Remove basket items (same as removeItems)',
        tags: basketTags,
        payload: BasketItemIdsBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              removeItems({ basketId: basketIdOf(request), itemIds: payload.basketItemIds }),
            ),
          ),
      }),
      ...(['/api/baskets/deleteitems', '/api/baskets/deleteitemsheavyonsale'] as const).map((path) =>
        defineRoute({
          method: 'DELETE',
          path,
          summary: 'Remove every item from the basket (changing event, leaving heavy-on-sale results)',
          tags: basketTags,
          response: Basket,
          handler: async ({ request }) =>
            basketView(await runUseCase(runtime, clearBasket({ basketId: basketIdOf(request) }))),
        }),
      ),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/changepricetype',
        summary:
          "Change items' price type, all or none; 400 'There is already a price changed being processed.' while another runs",
        tags: basketTags,
        payload: ChangePriceTypeBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              changePriceType({
                basketId: basketIdOf(request),
                staff: await staffOf(request),
                itemIds: payload.basketItemIds,
                priceTypeId: payload.priceTypeId,
                customer: customerLookupOf(runtime, request),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/changepromotion',
        summary: "Change items' promotion codes ('' removes); save=false previews without storing",
        tags: basketTags,
        payload: ChangePromotionBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              changePromotion({
                basketId: basketIdOf(request),
                staff: await staffOf(request),
                customer: customerLookupOf(runtime, request),
                save: payload.save,
                items: payload.items.map((i) => ({
                  basketItemId: i.basketItemId,
                  promoCode: i.promoCode,
                  groupCode: i.groupCode,
                })),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/updatenote',
        summary: 'Set the basket note (blank clears it)',
        tags: basketTags,
        payload: UpdateNoteBody,
        response: Basket,
        handler: async ({ payload, request }) =>
          basketView(
            await runUseCase(
              runtime,
              updateNote({ basketId: basketIdOf(request), note: payload.basketNote }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/changedeliverymethod/{id}',
        summary: 'Choose the delivery method; DeliveryTotal follows its price',
        tags: basketTags,
        params: IdParams,
        response: Basket,
        handler: async ({ params, request }) =>
          basketView(
            await runUseCase(
              runtime,
              changeDeliveryMethod({
                basketId: basketIdOf(request),
                staff: await staffOf(request),
                deliveryMethodId: params.id,
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/baskets/continuewithouttickets/{id}',
        summary: 'Go on with products of event {id} and no tickets (makes a basket when none is live)',
        tags: basketTags,
        params: IdParams,
        response: Basket,
        handler: async ({ params, request, h }) =>
          answer(
            request,
            h,
            await runUseCase(
              runtime,
              continueWithoutTickets({
                caller: await callerOf(runtime, request),
                holdSeconds,
                eventId: params.id,
              }),
            ),
          ),
      }),
      ...(['/api/baskets/updateproducts', '/api/v2/baskets/updateProducts'] as const).map((path) =>
        defineRoute({
          method: 'PUT',
          path,
          summary: 'Set add-on product quantities (never below 0; 0 takes the product out)',
          tags: basketTags,
          payload: UpdateProductsBody,
          response: Basket,
          handler: async ({ payload, request }) =>
            basketView(
              await runUseCase(
                runtime,
                updateProducts({
                  basketId: basketIdOf(request),
                  items: payload.map((p) => ({
                    productId: p.ProductID,
                    productVariantId: p.ProductVariantID,
                    quantity: p.Quantity,
                    eventId: p.eventID ?? null,
                  })),
                }),
              ),
            ),
        }),
      ),
      defineRoute({
        method: 'GET',
        path: '/api/v2/products/event/{id}',
        summary:
          "Products offered with performance {id}, with each variant's price and units left (no basket needed)",
        tags: basketTags,
        params: IdParams,
        response: EventProducts,
        handler: async ({ params }) => eventProductsView(await runUseCase(runtime, eventProducts(params.id))),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/baskets/expire',
        summary: 'End the basket now; its seats go back on sale (idempotent: 200 even when already gone)',
        tags: basketTags,
        response: Expired,
        handler: async ({ request, h }) => {
          const released = await runUseCase(runtime, expireBasket({ basketId: basketIdOf(request) }));
          return h
            .response({ Expired: true, ReleasedSeats: released })
            .header('cache-control', 'no-store')
            .unstate(BASKET_COOKIE);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/expirationtime',
        summary: 'Seconds until the basket expires, by the database clock',
        tags: basketTags,
        response: ExpirationTime,
        handler: async ({ request }) =>
          expirationTimeView(await runUseCase(runtime, expirationTime({ basketId: basketIdOf(request) }))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/viewmodel',
        summary: 'The basket page: basket, events, products, price types, delivery methods',
        tags: basketTags,
        query: ViewModelQuery,
        response: BasketViewModel,
        handler: async ({ query, request }) =>
          basketViewModel(
            await runUseCase(
              runtime,
              viewModel({
                basketId: basketIdOf(request),
                staff: await staffOf(request),
                eventId: query.eventID,
                customer: customerLookupOf(runtime, request),
              }),
            ),
          ),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/mapBasketViewModel',
        summary: "The caller's seats for the seat map (any query is ignored: it only defeats caches)",
        tags: basketTags,
        response: MapBasketViewModel,
        handler: async ({ request }) =>
          mapBasketViewModel(await runUseCase(runtime, mapBasket({ basketId: basketIdOf(request) }))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/validate',
        summary: 'Whether the basket may go to payment: the basket, or 400 { Message } naming what to fix',
        tags: basketTags,
        response: Basket,
        handler: async ({ request }) =>
          basketView(await runUseCase(runtime, validateBasket({ basketId: basketIdOf(request) }))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/marketingOptIns',
        summary: 'Marketing opt-ins offered on the basket page',
        tags: basketTags,
        query: MarketingOptInsQuery,
        response: MarketingOptIns,
        handler: ({ request }) => runUseCase(runtime, marketingOptIns({ basketId: basketIdOf(request) })),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/promotions/getbasketpromotion',
        summary: "The basket's promotion, or null",
        tags: basketTags,
        response: BasketPromotion,
        handler: async ({ request, h }) => {
          const promotion = basketPromotionView(
            await runUseCase(runtime, basketPromotion({ basketId: basketIdOf(request) })),
          );
          // JSON null, not an empty 204: the web parses every answer.
          return h
            .response(JSON.stringify(promotion))
            .type('application/json; charset=utf-8')
            .header('cache-control', 'no-store');
        },
      }),
    ]);
  },
};
