import {
  ExchangeAbandoned,
  ExchangeCompleted,
  ExchangeStarted,
  ExchangeViewModel,
} from '../../../../adapters/http/contract/exchanges.ts';
import { RefundAnswer, type RefundRequest } from '../../../../adapters/http/contract/refunds.ts';
import { call, sendJson } from '../../api/api-client.ts';

// The exchange's calls (adapters/http/exchanges/plugin.ts) and the refund of the money back
// (adapters/http/refunds/). Refusals are ApiError with the server's Message.

export type { ExchangeCompleted, ExchangeViewModel };

/** POST /api/admin/orders/{id}/exchange: the basket cookie now names the exchange basket. */
export const startExchange = (orderId: number, ticketIds: readonly number[] | null) =>
  sendJson(
    'POST',
    `/api/admin/orders/${orderId}/exchange`,
    ticketIds && ticketIds.length > 0 ? { TicketIds: ticketIds } : {},
    ExchangeStarted,
  );

/** The spec's sell screen for the series, carrying the exchange, the map flag and an empty promo. */
export const exchangeSellPath = (seriesCode: string, exchangeId: string) =>
  `/admin/selltickets/seriestickets/${encodeURIComponent(seriesCode)}?${new URLSearchParams({
    orderId: exchangeId,
    defaultToMap: 'true',
    promo: '',
  })}`;

/** Read afresh each time: the basket and the order change under it. */
export const fetchExchangeViewModel = async (signal?: AbortSignal) =>
  ExchangeViewModel.parse(
    (await call('GET', '/api/baskets/exchangeviewmodel', { signal, noStore: true })).body,
  );

export const completeExchange = (exchangeId: string) =>
  sendJson('POST', `/api/admin/exchanges/${exchangeId}/complete`, undefined, ExchangeCompleted);

/** DELETE /api/admin/exchanges/{id}: the exchange ends abandoned, its basket's seats released. */
export const abandonExchange = (exchangeId: string) =>
  sendJson('DELETE', `/api/admin/exchanges/${exchangeId}`, undefined, ExchangeAbandoned);

export const refundPayment = (request: RefundRequest) =>
  sendJson('PUT', '/api/admin/payments/refund', request, RefundAnswer);
