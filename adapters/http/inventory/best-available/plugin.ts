import type { Plugin } from '@hapi/hapi';
import type { z } from 'zod';
import { reserveBestAvailable } from '../../../../core/inventory/best-available/reserve.ts';
import {
  searchBestAvailable,
  type BestAvailableAsk,
} from '../../../../core/inventory/best-available/search.ts';
import type { AppRuntime } from '../../../wiring.ts';
import {
  BestAvailable,
  BestAvailableFilters,
  BestAvailableQuery,
  ReserveBestAvailableParams,
  ReservedBestAvailable,
} from '../../contract/best-available.ts';
import { defineRoute, runUseCase } from '../../route.ts';
import { withBasketCookie } from '../../basket/basket-cookie.ts';
import { callerOf } from '../../basket/caller.ts';
import { basketView } from '../../basket/basket-view.ts';

export interface BestAvailablePluginOptions {
  readonly runtime: AppRuntime;
  readonly holdSeconds: number;
}

const askOf = (
  eventId: number,
  salesChannel: string,
  filters: z.output<typeof BestAvailableFilters>,
): BestAvailableAsk => ({
  eventId,
  salesChannel,
  quantity: filters.quantity ?? 1,
  holdSubclassIds: filters.holdSubclassIds,
  priceLevelIds: filters.priceLevelIds,
  zones: filters.zones,
  sections: filters.sections,
  accessible:
    filters.accessibleSeats > 0 || filters.companionSeats > 0
      ? { type: filters.accessibleType, seats: filters.accessibleSeats, companions: filters.companionSeats }
      : undefined,
});

export const bestAvailablePlugin: Plugin<BestAvailablePluginOptions> = {
  name: 'foyer-best-available',
  register: (server, { runtime, holdSeconds }) => {
    const reserve = defineRoute({
      method: 'GET',
      path: '/api/eventinventory/{salesChannel}/reservebestavailable/{id}',
      summary:
        'Best-available search and hold in one step: the seats go into the caller’s basket (a new one if none); a lost race searches again',
      tags: ['inventory'],
      params: ReserveBestAvailableParams,
      query: BestAvailableFilters,
      response: ReservedBestAvailable,
      // The spec makes this a GET, but it holds seats.
      changesState: true,
      handler: async ({ params, query, request, h }) => {
        const reserved = await runUseCase(
          runtime,
          reserveBestAvailable({
            ...askOf(params.id, params.salesChannel, query),
            caller: await callerOf(runtime, request),
            holdSeconds,
            promoCode: query.promoCode ?? null,
            groupCode: query.groupCode ?? null,
          }),
        );
        const answer = { ...reserved.view, Basket: reserved.basket && basketView(reserved.basket) };
        const response = h.response(answer).header('cache-control', 'no-store');
        // The basket plugin registers the cookie (adapters/http/basket/basket-cookie.ts).
        return reserved.basketId ? withBasketCookie(request, response, reserved.basketId) : response;
      },
    });

    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/eventinventory/bestavailable',
        summary:
          'Best-available search: the seats that would be picked now (staged: adjacent, section, across, GA)',
        tags: ['inventory'],
        query: BestAvailableQuery,
        response: BestAvailable,
        handler: ({ query }) =>
          runUseCase(runtime, searchBestAvailable(askOf(query.eventId, query.salesChannel, query))),
      }),
      reserve,
    ]);
  },
};
