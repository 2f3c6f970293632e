import type { Plugin } from '@hapi/hapi';
import { readConfirmation, ticketsPdf } from '../../../core/orders/checkout/read-order.ts';
import type { AppRuntime } from '../../wiring.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { Confirmation, OrderIdParams } from '../contract/checkout.ts';
import { defineRoute, runUseCase } from '../route.ts';

// The buyer's order after checkout: the confirmation (GET /api/confirmation/{id})
// and the print-at-home tickets. Accounts do not exist yet: the buyer is the holder of the basket
// cookie the order was made from; anyone else gets 401 (the web goes to /Order/Unauthorized).

export const ordersPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-orders',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/confirmation/{id}',
        summary:
          "The caller's order: totals, tickets with barcodes, events, payment; 401 when it is not theirs",
        tags: ['orders'],
        params: OrderIdParams,
        response: Confirmation,
        handler: ({ params, request }) =>
          runUseCase(runtime, readConfirmation(params.id, basketIdOf(request))),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/orders/{id}/tickets.pdf',
        summary: "The caller's tickets as one PDF (print-at-home and e-ticket orders); 401 when not theirs",
        tags: ['orders'],
        params: OrderIdParams,
        handler: async ({ params, request, h }) => {
          const { name, pdf } = await runUseCase(runtime, ticketsPdf(params.id, basketIdOf(request)));
          return h
            .response(Buffer.from(pdf))
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="tickets-${name}.pdf"`)
            .header('cache-control', 'private, no-store');
        },
      }),
    ]);
  },
};
