import type { Plugin } from '@hapi/hapi';
import { readWebTickets } from '../../../core/web-tickets/read-web-tickets.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { WebTickets, WebTicketsParams } from '../contract/web-tickets.ts';
import { defineRoute, runUseCase } from '../route.ts';

// Web tickets on the phone (/tickets/bundle/{bundleId}/event/{eventId}): an order's barcodes for
// one performance. Who may read them: core/web-tickets/read-web-tickets.ts. Private and never
// stored by a shared cache; the page keeps its own copy to show offline.

export const webTicketsPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-web-tickets',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/v2/webtickets/{bundleId}/event/{eventId}',
        summary:
          "An order's tickets for one performance, with barcodes: by order number for its buyer (401 otherwise), by link token for anyone holding it",
        tags: ['orders'],
        params: WebTicketsParams,
        response: WebTickets,
        cache: 'private, no-store',
        handler: ({ params, request }) =>
          runUseCase(
            runtime,
            readWebTickets({
              bundleId: params.bundleId,
              eventId: params.eventId,
              basketId: basketIdOf(request),
            }),
          ),
      }),
    ]);
  },
};
