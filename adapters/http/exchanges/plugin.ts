import type { Plugin, Request } from '@hapi/hapi';
import { abandonExchange } from '../../../core/orders/exchanges/abandon.ts';
import { completeExchange } from '../../../core/orders/exchanges/complete.ts';
import type { ExchangeStaff } from '../../../core/orders/exchanges/ports.ts';
import { startExchange } from '../../../core/orders/exchanges/start.ts';
import { exchangeViewModel } from '../../../core/orders/exchanges/view-model.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import { basketIdOf, withBasketCookie } from '../basket/basket-cookie.ts';
import {
  ExchangeAbandoned,
  ExchangeCompleted,
  ExchangeIdParams,
  ExchangeOrderParams,
  ExchangeStarted,
  ExchangeViewModel,
  StartExchangeBody,
} from '../contract/exchanges.ts';
import { defineRoute } from '../route.ts';
import { runExchange } from './run.ts';

// Exchanges (core/orders/exchange-*.ts): the clerk opens an exchange basket from an order (the
// basket cookie then names it, so the sell screens fill it like any staff basket), reads what
// is left to settle, and completes the swap or abandons it (its basket released). The difference
// is settled afterwards on the order's balance: POST /api/admin/payments takes a positive one,
// PUT /api/admin/payments/refund gives a negative one back per payment.

export interface ExchangePluginOptions {
  readonly runtime: AppRuntime;
  /** How long the exchange basket holds its seats (minutes), as any basket's. */
  readonly holdMinutes: number;
}

const tags = ['admin', 'exchange'];

const staffMember = async (request: Request): Promise<ExchangeStaff> => {
  const staff = await staffOf(request);
  if (!staff) throw new Error('an exchange route ran without a staff session');
  return { staffUserId: staff.staffUserId, name: staff.name || staff.email };
};

export const exchangePlugin: Plugin<ExchangePluginOptions> = {
  name: 'foyer-exchange',
  dependencies: ['foyer-basket', 'foyer-session'],
  register: (server, { runtime, holdMinutes }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/orders/{id}/exchange',
        summary:
          "Start exchanging order {id}'s tickets (TicketIds, default every Active ticket): a new staff basket for the order's customer becomes the caller's basket. 400 a ticket not Active or not the order's; 404 unknown order",
        tags,
        permission: 'exchange',
        params: ExchangeOrderParams,
        payload: StartExchangeBody,
        response: ExchangeStarted,
        handler: async ({ params, payload, request, h }) => {
          const started = await runExchange(
            runtime,
            startExchange({
              orderId: params.id,
              ticketIds: payload?.TicketIds ?? null,
              staff: await staffMember(request),
              holdSeconds: holdMinutes * 60,
            }),
          );
          const answer = { ExchangeGlobalID: started.exchangeId, SeriesCode: started.seriesCode };
          return withBasketCookie(
            request,
            h.response(answer).header('cache-control', 'no-store'),
            started.basketId,
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/baskets/exchangeviewmodel',
        summary:
          "The caller's exchange basket: the tickets given up, their credit, the new items' total, remainingBalance (negative: money back) and the order's payments with what each can still give back. 404 when the basket is not an exchange's",
        tags: ['basket', 'exchange'],
        permission: 'exchange',
        response: ExchangeViewModel,
        handler: ({ request }) => runExchange(runtime, exchangeViewModel(basketIdOf(request))),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/exchanges/{exchangeId}/complete',
        summary:
          "Swap the tickets in one transaction: the old ones become Exchanged and their seats go back on sale, the basket's seats are sold into the same order, the difference is an order adjustment. 409 when the basket's holds ran out, the exchange is done, or a ticket changed meanwhile (nothing changed)",
        tags,
        permission: 'exchange',
        params: ExchangeIdParams,
        response: ExchangeCompleted,
        handler: async ({ params, request }) => {
          const done = await runExchange(
            runtime,
            completeExchange({ exchangeId: params.exchangeId, staff: await staffMember(request) }),
          );
          return {
            ExchangeGlobalID: done.exchangeId,
            OrderId: done.orderId,
            ExchangedTicketIds: done.exchangedTicketIds,
            NewTicketIds: done.newTicketIds,
            Difference: done.difference,
            BalanceDue: done.balanceDue,
          };
        },
      }),
      defineRoute({
        method: 'DELETE',
        path: '/api/admin/exchanges/{exchangeId}',
        summary:
          'Abandon an open exchange: it ends abandoned and its basket is released (its seats back on sale); the order and its tickets are untouched. 404 unknown exchange; 409 completed or abandoned already (nothing changed)',
        tags,
        permission: 'exchange',
        params: ExchangeIdParams,
        response: ExchangeAbandoned,
        handler: async ({ params }) => {
          const ended = await runExchange(runtime, abandonExchange({ exchangeId: params.exchangeId }));
          return {
            ExchangeGlobalID: ended.exchangeId,
            OrderId: ended.orderId,
            Status: 'abandoned' as const,
            ReleasedSeats: ended.releasedSeats,
          };
        },
      }),
    ]);
  },
};
