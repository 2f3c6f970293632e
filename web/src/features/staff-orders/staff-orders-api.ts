import {
  CancelTicketsAnswer,
  OrderNote,
  OrderSearchAnswer,
  ResendAnswer,
  StaffOrderDetail,
  type CancelTicketsRequest,
} from '../../../../adapters/http/contract/staff-orders.ts';
import { call, sendJson } from '../../api/api-client.ts';
import { orderSearchQuery, type OrderSearch } from './order-search-params.ts';

// The staff order calls, with the contract's schemas: the search, an order's page, its notes,
// resending its tickets, cancelling tickets (and refunding the credit that leaves). State
// changes carry the CSRF header (api-client.ts). Refusals are ApiError with the server's Message.

export type { CancelTicketsAnswer, CancelTicketsRequest, OrderSearchAnswer, StaffOrderDetail };

// Orders change under the clerk's hands: every read is fresh, never an early or cached answer.
const fresh = async <T>(path: string, parse: (json: unknown) => T, signal?: AbortSignal): Promise<T> =>
  parse((await call('GET', path, { signal, noStore: true })).body);

export const searchOrders = (search: OrderSearch, signal?: AbortSignal) =>
  fresh(`/api/admin/orders/search?${orderSearchQuery(search)}`, (j) => OrderSearchAnswer.parse(j), signal);

export const fetchOrder = (orderId: number, signal?: AbortSignal) =>
  fresh(`/api/admin/orders/${orderId}`, (j) => StaffOrderDetail.parse(j), signal);

export const addNote = (orderId: number, text: string) =>
  sendJson('POST', `/api/admin/orders/${orderId}/notes`, { Text: text }, OrderNote);

export const resendTickets = (orderId: number) =>
  sendJson('POST', `/api/admin/orders/${orderId}/resend`, {}, ResendAnswer);

export const cancelTickets = (orderId: number, request: CancelTicketsRequest) =>
  sendJson('POST', `/api/admin/orders/${orderId}/cancel`, request, CancelTicketsAnswer);
