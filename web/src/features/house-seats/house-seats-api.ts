import { HouseSeatRequestView } from '../../../../adapters/http/contract/house-seats.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The house-seat requests' staff calls (adapters/http/contract/house-seats.ts).

export const createHouseSeatRequest = (body: {
  EventId: number;
  Seats: string[];
  Quantity: number | null;
  CustomerName: string;
  CustomerEmail: string;
  PaymentRequired: boolean;
}) => sendJson('POST', '/api/houseseatsrequest/', body, HouseSeatRequestView);

export const findHouseSeatRequest = (code: string, signal?: AbortSignal) =>
  getJson(`/api/houseseatsrequest/code?code=${encodeURIComponent(code)}`, HouseSeatRequestView, signal);

export const cancelHouseSeatRequest = (id: number) =>
  sendJson('POST', `/api/houseseatsrequest/${id}/cancel`, {}, HouseSeatRequestView);
