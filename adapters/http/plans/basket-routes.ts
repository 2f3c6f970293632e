import type { Plugin } from '@hapi/hapi';
import { addPlanChoice } from '../../../core/plans/paired/add-paired-seats.ts';
import { readPlanBasket } from '../../../core/plans/plan-basket-view.ts';
import { reservePlanBestAvailable } from '../../../core/plans/reserve-plan-best-available.ts';
import { searchPlanBestAvailable } from '../../../core/plans/search-plan-best-available.ts';
import type { AppRuntime } from '../../wiring.ts';
import { mayDo } from '../accounts/session.ts';
import { basketIdOf, withBasketCookie } from '../basket/basket-cookie.ts';
import { queueTicketsOf } from '../inventory/waiting-room/plugin.ts';
import { callerOf } from '../basket/caller.ts';
import { basketView } from '../basket/basket-view.ts';
import { Basket } from '../contract/basket.ts';
import {
  PlanAddItemsBody,
  PlanBasketView,
  PlanBestAvailable,
  PlanBestAvailableQuery,
  PlanReserveBestAvailableBody,
  PlanReserved,
} from '../contract/plan-basket.ts';
import { defineRoute, runUseCase } from '../route.ts';

// Buying a plan (core/plans/README.md): the plan basket's calls. The holds are the basket's own
// (the basket plugin registers the cookie, adapters/http/basket/basket-cookie.ts); the plan's
// refusals are answered by adapters/http/errors.ts (409 conflicts with the basket, 422 requests
// that cannot be right).

export interface PlanBasketPluginOptions {
  readonly runtime: AppRuntime;
  /** BASKET_HOLD_MINUTES: how long a new basket holds its seats. */
  readonly holdMinutes: number;
}

const tags = ['plans'];

export const planBasketPlugin: Plugin<PlanBasketPluginOptions> = {
  name: 'foyer-plan-basket',
  register: (server, { runtime, holdMinutes }) => {
    const holdSeconds = holdMinutes * 60;
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/baskets/eventplans/additems',
        summary:
          "Hold seats (basketItems) or GA places (ticketRequest) of one slot's performance in the caller's plan basket: 422 when the performance is not the slot's or seatQty is outside the plan's limits, 409 outside the plan's sale window (a staff channel may sell before on-sale) or when the basket holds other tickets, the slot another performance or more than seatQty; holds as additems (409 TakenSeats); a paired plan holds the same seats in every part at once, or refuses 409 when one is taken in another part",
        tags,
        payload: PlanAddItemsBody,
        response: Basket,
        handler: async ({ payload, request, h }) => {
          const added = await runUseCase(
            runtime,
            addPlanChoice({
              caller: await callerOf(runtime, request),
              holdSeconds,
              planId: payload.eventPlanId,
              slotId: payload.eventPlanSlotId,
              eventId: payload.eventId,
              seatQty: payload.seatQty,
              salesChannel: payload.salesChannel,
              promoCode: payload.promoCode,
              ...(payload.basketItems
                ? {
                    seats: payload.basketItems.map((item) => ({
                      key: item.Key,
                      priceTypeId: item.PriceTypeID,
                      promoCode: item.PromoCode,
                      groupCode: item.groupCode,
                      packageId: item.packageId,
                      seatAlertAcknowledgement: item.SeatAlertAcknowledgement,
                    })),
                  }
                : { ticketRequest: payload.ticketRequest ?? {} }),
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
        path: '/api/baskets/eventplans/mapBasketViewModel',
        summary:
          "The caller's plan basket slot by slot and every reason it may not check out yet (CanCheckout); no plan basket: EventPlanID null",
        tags,
        response: PlanBasketView,
        handler: ({ request }) => runUseCase(runtime, readPlanBasket(basketIdOf(request))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/eventplans/bestavailable',
        summary:
          "Best available for every slot of a plan (events: slotId:eventId pairs; default each slot's first on-sale performance with places): seats in every slot, or ShortSlotID names the first slot that cannot seat the party. Holds nothing",
        tags,
        query: PlanBestAvailableQuery,
        response: PlanBestAvailable,
        handler: async ({ query, request }) =>
          runUseCase(
            runtime,
            searchPlanBestAvailable({
              planId: query.planId,
              quantity: query.quantity,
              events: query.events,
              salesChannel: query.salesChannel,
              staff: await mayDo(request, 'sell'),
            }),
          ),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/eventinventory/eventplans/reserveBestAvailable',
        summary:
          "Hold the plan's best available in every slot at once into the caller's plan basket, or nothing: 409 { Message, ShortSlotID } when a slot cannot seat the party, 409 outside the plan's sale window, 403 WaitingRoomRequired while a performance's waiting room has not admitted the caller. What the plan basket held for the searched slots is given back only once every slot is held",
        tags,
        payload: PlanReserveBestAvailableBody,
        response: PlanReserved,
        handler: async ({ payload, request, h }) => {
          const caller = await callerOf(runtime, request);
          const reserved = await runUseCase(
            runtime,
            reservePlanBestAvailable({
              caller,
              holdSeconds,
              planId: payload.planId,
              quantity: payload.quantity,
              events: payload.events,
              ...(payload.priceTypeId === undefined ? {} : { priceTypeId: payload.priceTypeId }),
              salesChannel: payload.salesChannel,
              staff: caller.staff,
              queueTicket: queueTicketsOf(request),
            }),
          );
          return withBasketCookie(
            request,
            h
              .response({ Basket: basketView(reserved.basket), Plan: reserved.plan })
              .header('cache-control', 'no-store'),
            reserved.basketId,
          );
        },
      }),
    ]);
  },
};
